#include "apioptiondialog.h"

#include "commands/commands.h"
#include "engine/servingassembly.h"
#include "engine/servingthroughput.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace breakeven {

namespace {

constexpr int kOfferRole = Qt::UserRole + 1;

// Hides the offers not serving the workload's model while `only` is set; the search matches any
// column, word by word.
class ApiOfferFilter : public QSortFilterProxyModel {
public:
    ApiOfferFilter(const std::vector<bool> &servesWorkload, QObject *parent)
        : QSortFilterProxyModel(parent)
        , m_serves(servesWorkload)
    {
    }
    void setOnlyWorkloadModel(bool only)
    {
        m_only = only;
        invalidateFilter();
    }
    void setWords(const QString &text)
    {
        m_words = text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const QModelIndex first = sourceModel()->index(row, 0, parent);
        const int offer = first.data(kOfferRole).toInt();
        if (m_only && !m_serves[std::size_t(offer)])
            return false;
        QString line;
        for (int column = 0; column < sourceModel()->columnCount(); ++column)
            line += sourceModel()->index(row, column, parent).data().toString() + u' ';
        for (const QString &word : m_words)
            if (!line.contains(word, Qt::CaseInsensitive))
                return false;
        return true;
    }

private:
    const std::vector<bool> &m_serves;
    QStringList m_words;
    bool m_only = false;
};

} // namespace

AddApiOptionDialog::AddApiOptionDialog(const Scenario &scenario, const std::vector<ApiOffer> &offers, QWidget *parent)
    : QDialog(parent)
    , m_scenario(scenario)
    , m_offers(offers)
    , m_model(new QStandardItemModel(0, ColumnCount, this))
    , m_search(new QLineEdit(this))
    , m_sameModel(new QCheckBox(this))
    , m_view(new QTableView(this))
    , m_note(new QLabel(this))
{
    setWindowTitle(tr("Add API Option"));
    resize(820, 560);
    const std::optional<Serving> &serving = scenario.workload.serving;
    const std::optional<ModelSpec> workloadModel
        = serving ? resolveModel(scenario, serving->model) : std::nullopt;
    bool anyServes = false;
    for (const ApiOffer &offer : m_offers) {
        bool serves = false;
        if (workloadModel && !offer.servedModel.isEmpty())
            if (const auto served = resolveModel(scenario, offer.servedModel))
                serves = sameModelSize(*workloadModel, *served);
        m_servesWorkload.push_back(serves);
        anyServes = anyServes || serves;
    }
    m_proxy = new ApiOfferFilter(m_servesWorkload, this);

    m_model->setHorizontalHeaderLabels({tr("Provider"), tr("Model"), tr("Serves"), tr("Input / M tokens"),
                                        tr("Output / M tokens"), tr("Currency")});
    for (std::size_t i = 0; i < m_offers.size(); ++i) {
        const ApiOffer &offer = m_offers[i];
        QList<QStandardItem *> row;
        for (const QString &text : {offer.provider, offer.model,
                                    offer.servedModel.isEmpty() ? tr("its own") : offer.servedModel})
            row.append(new QStandardItem(text));
        for (double price : {offer.inputPerMillion, offer.outputPerMillion}) {
            auto *item = new QStandardItem;
            item->setData(price, Qt::DisplayRole); // sorts as a number
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            row.append(item);
        }
        row.append(new QStandardItem(offer.currency));
        for (QStandardItem *item : row) {
            item->setEditable(false);
            item->setToolTip(tr("%1 %2, as of %3: %4").arg(offer.provider, offer.model, offer.asOf, offer.source));
        }
        row.front()->setData(int(i), kOfferRole);
        m_model->appendRow(row);
    }
    m_proxy->setSourceModel(m_model);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(Output, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(Model, QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(Provider, QHeaderView::ResizeToContents);
    m_view->setWordWrap(false);

    m_search->setPlaceholderText(tr("Search provider or model"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, this, [this] { filter(); });
    m_sameModel->setText(serving ? tr("Only offers serving %1 or a model of its size").arg(serving->model)
                                 : tr("Only offers serving the workload's model"));
    m_sameModel->setEnabled(anyServes);
    m_sameModel->setChecked(anyServes);
    connect(m_sameModel, &QCheckBox::toggled, this, [this] { filter(); });
    m_note->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_add = buttons->button(QDialogButtonBox::Ok);
    m_add->setText(tr("Add"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_view, &QTableView::doubleClicked, this, [this] {
        if (chosen())
            accept();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] { showChoice(); });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_search);
    layout->addWidget(m_sameModel);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_note);
    layout->addWidget(buttons);
    filter();
}

void AddApiOptionDialog::filter()
{
    auto *offers = static_cast<ApiOfferFilter *>(m_proxy);
    offers->setOnlyWorkloadModel(m_sameModel->isChecked());
    offers->setWords(m_search->text());
    if (m_proxy->rowCount() > 0 && !m_view->selectionModel()->hasSelection())
        m_view->selectRow(0);
    showChoice();
}

const ApiOffer *AddApiOptionDialog::chosen() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return nullptr;
    const int offer = m_proxy->mapToSource(rows.front()).siblingAtColumn(0).data(kOfferRole).toInt();
    return &m_offers[std::size_t(offer)];
}

void AddApiOptionDialog::showChoice()
{
    const ApiOffer *offer = chosen();
    m_add->setEnabled(offer != nullptr);
    if (!offer) {
        m_note->setText(m_proxy->rowCount() == 0 ? tr("No offer matches.") : tr("Choose an offer."));
        return;
    }
    QString text = tr("%1 %2: %3 %4 per million input tokens, %5 %4 per million output tokens (as of %6).")
                       .arg(offer->provider, offer->model, QLocale().toString(offer->inputPerMillion), offer->currency,
                            QLocale().toString(offer->outputPerMillion), offer->asOf);
    if (m_scenario.workload.serving && !m_servesWorkload[std::size_t(offer - m_offers.data())])
        text += u' ' + tr("It does not serve the workload's %1: the results say so beside it.")
                           .arg(m_scenario.workload.serving->model);
    m_note->setText(text);
}

std::optional<ApiOption> AddApiOptionDialog::option() const
{
    const ApiOffer *offer = chosen();
    if (!offer)
        return std::nullopt;
    ApiOption option = apiOptionFromOffer(*offer);
    QStringList taken;
    for (const ApiOption &other : m_scenario.apiOptions)
        taken.append(other.name);
    option.name = uniqueName(option.name, taken);
    return option;
}

} // namespace breakeven
