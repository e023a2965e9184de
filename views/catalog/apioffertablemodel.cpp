#include "apioffertablemodel.h"

#include "catalogformat.h"

#include <QIcon>
#include <QLocale>

namespace breakeven {

namespace {

// Prices per million tokens as the provider lists them: 0.075, 1.25, 10 (every digit kept,
// none added).
QString perMillion(const std::optional<double> &price, const QString &currency)
{
    if (!price)
        return {};
    const QString number = QLocale().toString(*price, 'f', QLocale::FloatingPointShortest);
    return currency.isEmpty() || currency == QLatin1String("USD") ? number : number + QLatin1Char(' ') + currency;
}

QString compactCount(double value)
{
    const QLocale locale;
    if (value >= 1e6)
        return locale.toString(value / 1e6, 'f', QLocale::FloatingPointShortest) + QStringLiteral(" M");
    if (value >= 1e4)
        return locale.toString(value / 1e3, 'f', QLocale::FloatingPointShortest) + QStringLiteral(" k");
    return locale.toString(value, 'f', QLocale::FloatingPointShortest);
}

} // namespace

ApiOfferTableModel::ApiOfferTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ApiOfferTableModel::setOffers(std::vector<StoredApiOffer> offers)
{
    beginResetModel();
    m_offers = std::move(offers);
    endResetModel();
}

int ApiOfferTableModel::rowOf(qint64 id) const
{
    for (std::size_t row = 0; row < m_offers.size(); ++row)
        if (m_offers[row].id == id)
            return int(row);
    return -1;
}

int ApiOfferTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_offers.size());
}

int ApiOfferTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ApiOfferTableModel::rateLimitText(const ApiOffer &offer)
{
    QStringList parts;
    if (offer.requestsPerMinute)
        parts << tr("%1 req/min").arg(compactCount(*offer.requestsPerMinute));
    if (offer.tokensPerMinute)
        parts << tr("%1 tok/min").arg(compactCount(*offer.tokensPerMinute));
    return parts.join(QStringLiteral(" · "));
}

QVariant ApiOfferTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const StoredApiOffer &stored = m_offers[std::size_t(index.row())];
    const ApiOffer &offer = stored.offer;
    const bool stale = isStale(stored.priceAgeDays);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Provider: return offer.provider;
        case Model: return offer.model;
        case ServedModel: return offer.servedModel;
        case InputPerMillion: return perMillion(offer.inputPerMillion, offer.currency);
        case OutputPerMillion: return perMillion(offer.outputPerMillion, offer.currency);
        case CachedInputPerMillion: return perMillion(offer.cachedInputPerMillion, offer.currency);
        case Currency: return offer.currency;
        case RateLimit: return rateLimitText(offer);
        case AsOf: return offer.asOf;
        }
        return {};
    case SortRole:
        switch (index.column()) {
        case InputPerMillion: return offer.inputPerMillion;
        case OutputPerMillion: return offer.outputPerMillion;
        // An offer without a cached-input price or a rate limit sorts after those with one.
        case CachedInputPerMillion: return offer.cachedInputPerMillion.value_or(1e300);
        case RateLimit: return offer.requestsPerMinute.value_or(-1);
        case AsOf: return offer.asOf;
        default: return data(index, Qt::DisplayRole).toString().toLower();
        }
    case Qt::TextAlignmentRole:
        if (index.column() >= InputPerMillion && index.column() <= CachedInputPerMillion)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DecorationRole:
        if (index.column() == AsOf && stale)
            return staleIcon();
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Model:
            return tr("%1 (API model id %2)").arg(offer.model, offer.apiModelId);
        case ServedModel:
            return offer.servedModel.isEmpty() ? tr("A proprietary model: it serves no open model of the catalog")
                                               : tr("Serves the open model %1").arg(offer.servedModel);
        case InputPerMillion:
        case OutputPerMillion:
            return tr("Per million tokens, as of %1").arg(offer.asOf);
        case CachedInputPerMillion:
            return offer.cachedInputPerMillion ? tr("Per million cached input tokens, as of %1").arg(offer.asOf)
                                               : tr("No cached-input price listed: cached input costs the input price");
        case AsOf:
            if (stale)
                return staleToolTip(offer.asOf);
            return stored.priceAgeDays ? tr("%1 old; %2").arg(formatAge(stored.priceAgeDays), offer.source) : offer.source;
        default:
            return {};
        }
    case OfferIdRole: return stored.id;
    case StaleRole: return stale;
    default: return {};
    }
}

QVariant ApiOfferTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Provider: return tr("Provider");
        case Model: return tr("Model");
        case ServedModel: return tr("Open model");
        case InputPerMillion: return tr("Input");
        case OutputPerMillion: return tr("Output");
        case CachedInputPerMillion: return tr("Cached");
        case Currency: return tr("Currency");
        case RateLimit: return tr("Rate limit");
        case AsOf: return tr("As of");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ServedModel: return tr("The open-weight model it serves, as the catalog names it; empty for a proprietary model");
        case InputPerMillion: return tr("Price per million input tokens");
        case OutputPerMillion: return tr("Price per million output tokens");
        case CachedInputPerMillion: return tr("Price per million cached input tokens");
        case RateLimit: return tr("Requests and tokens per minute, where the provider publishes a limit");
        case AsOf: return tr("The date of its prices");
        default: return {};
        }
    }
    return {};
}

} // namespace breakeven
