#include "sheetrow.h"

#include <QDate>
#include <QRegularExpression>

#include <charconv>
#include <cmath>
#include <tuple>

namespace breakeven {

namespace {

// Assigns unless `to` already has `from`'s string: most texts of a row are those of the row
// before, shared through the column caches, and a copy costs two atomic reference counts.
void shareText(QString &to, const QString &from)
{
    if (to.constData() != from.constData() || to.size() != from.size())
        to = from;
}

bool isPlaceholder(QStringView text)
{
    static constexpr const char *kPlaceholders[] = {"n/a", "na", "-", "--", "nan", "none", "null", "?", "tbd"};
    for (const char *p : kPlaceholders)
        if (text.compare(QLatin1String(p), Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

// Catalog names differ between memory sizes only by a "-80GB" style suffix.
QString withoutMemorySuffix(const QString &name)
{
    static const QRegularExpression suffix(QStringLiteral("-\\d+GB$"));
    return QString(name).remove(suffix);
}

bool isAsciiSpace(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

// A number written plainly ("1.5", "-3", "2e3"), read whole from its bytes; none otherwise.
std::optional<double> plainNumber(QByteArrayView text)
{
    double value = 0;
    const char *end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.isEmpty() || error != std::errc() || stop != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

bool closeTo(double a, double b)
{
    return a > 0 && b > 0 && std::abs(a - b) <= 0.12 * b;
}

// Plain ASCII numbers, nearly every cell of a sheet, skip QString's locale-aware parser; what
// std::from_chars does not take whole (a sign, spaces, a decimal comma) goes the general way.
std::optional<double> parseAsciiNumber(QStringView text)
{
    char buffer[32];
    if (text.size() > qsizetype(sizeof buffer))
        return std::nullopt;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c >= 0x80)
            return std::nullopt;
        buffer[i] = char(c);
    }
    double value = 0;
    const char *end = buffer + text.size();
    const auto [stop, error] = std::from_chars(buffer, end, value);
    if (error != std::errc() || stop != end)
        return std::nullopt;
    return value;
}

std::optional<double> parseNumber(QStringView text, bool decimalComma)
{
    if (const auto fast = parseAsciiNumber(text); fast && std::isfinite(*fast))
        return fast;
    bool ok = false;
    double value = text.toDouble(&ok);
    if (!ok && decimalComma && text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('.')))
        value = text.toString().replace(QLatin1Char(','), QLatin1Char('.')).toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace

PriceParse parsePrice(QStringView text, bool decimalComma)
{
    text = text.trimmed();
    if (text.startsWith(QLatin1Char('$')))
        text = text.mid(1);
    if (text.isEmpty() || isPlaceholder(text))
        return {};
    const auto value = parseNumber(text, decimalComma);
    if (!value)
        return {std::nullopt, QStringLiteral("price \"%1\" is not a number").arg(text)};
    if (*value < 0)
        return {std::nullopt, QStringLiteral("negative price %1").arg(text)};
    if (*value == 0)
        return {};
    return {value, {}};
}

SheetRowReader::SheetRowReader(const SheetPreset &preset, const QStringList &header, const QString &sheetName,
                               char delimiter)
    : m_preset(preset)
    , m_columns(mapColumns(preset, header, sheetName))
    , m_header(header)
    , m_decimalComma(delimiter == ';')
{
}

QString SheetRowReader::columnName(SheetField field) const
{
    const int index = m_columns[std::size_t(field)];
    return index >= 0 ? m_header[index].trimmed() : fieldName(field);
}

QByteArrayView SheetRowReader::bytes(const CsvRow &fields, SheetField field) const
{
    const int index = m_columns[std::size_t(field)];
    if (index < 0 || index >= fields.size())
        return {};
    QByteArrayView view = fields.field(index);
    while (!view.isEmpty() && isAsciiSpace(view.front()))
        view = view.sliced(1);
    while (!view.isEmpty() && isAsciiSpace(view.back()))
        view.chop(1);
    return view;
}

const QString &SheetRowReader::cell(const CsvRow &fields, SheetField field) const
{
    static const QString empty;
    const QByteArrayView view = bytes(fields, field);
    if (view.isEmpty())
        return empty;
    if (uchar(view.front()) >= 0x80 || uchar(view.back()) >= 0x80) {
        QString &text = m_uncached[std::size_t(field)];
        text = QString::fromUtf8(view).trimmed(); // may end in a space outside ASCII
        return text;
    }
    return m_texts[std::size_t(field)].text(view);
}

bool SheetRowReader::read(qint64 line, const CsvRow &fields, SheetRow &row, RowProblem &problem) const
{
    // Every field is set here (a reused row keeps nothing of the one before); the texts first.
    row.line = line;
    row.gpuCount = 0;
    row.vcpus = 0;
    row.memoryGiB = 0;
    row.onDemand.reset();
    row.spot.reset();
    row.reserved1y.reset();
    row.reserved3y.reset();
    row.reserved1yUpfront.reset();
    row.reserved3yUpfront.reset();
    row.gpuInfo.reset();
    const QString &provider = cell(fields, SheetField::Provider);
    if (provider.isEmpty())
        shareText(row.provider, m_preset.provider);
    else
        row.provider = provider.toLower();
    const QString &category = cell(fields, SheetField::Category);
    shareText(row.category, category.isEmpty() ? m_preset.category : category);
    shareText(row.instanceType, cell(fields, SheetField::InstanceType));
    shareText(row.accelerator, cell(fields, SheetField::Gpu));
    shareText(row.region, cell(fields, SheetField::Region));
    shareText(row.zone, cell(fields, SheetField::Zone));
    const QString &currency = cell(fields, SheetField::Currency);
    shareText(row.currency, currency.isEmpty() ? m_preset.currency : currency);
    shareText(row.source, cell(fields, SheetField::Source));
    shareText(row.url, cell(fields, SheetField::Url));
    shareText(row.asOf, cell(fields, SheetField::AsOf));

    // Plain numbers are read from the bytes; anything else (placeholders, a decimal comma,
    // signs from_chars does not take) goes through the text.
    const auto number = [&](SheetField field, double &target) {
        std::optional<double> value = plainNumber(bytes(fields, field));
        if (!value) {
            const QString text = cell(fields, field);
            if (text.isEmpty() || isPlaceholder(text))
                return true;
            value = parseNumber(text, m_decimalComma);
        }
        if (!value || *value < 0) {
            problem = {columnName(field),
                       QStringLiteral("\"%1\" is not a number of at least 0").arg(cell(fields, field))};
            return false;
        }
        target = *value;
        return true;
    };
    double count = 0;
    if (!number(SheetField::GpuCount, count) || !number(SheetField::Vcpus, row.vcpus)
        || !number(SheetField::MemoryGiB, row.memoryGiB))
        return false;
    if (count != std::floor(count) || count > 1e6) {
        problem = {columnName(SheetField::GpuCount),
                   QStringLiteral("fractional GPU count %1 (a share of one GPU) is not supported").arg(count)};
        return false;
    }
    row.gpuCount = int(count);

    const auto price = [&](SheetField field, std::optional<double> &target) {
        if (const auto value = plainNumber(bytes(fields, field)); value && *value >= 0) {
            target = *value > 0 ? value : std::nullopt; // zero: no price
            return true;
        }
        const PriceParse parsed = parsePrice(cell(fields, field), m_decimalComma);
        if (!parsed.error.isEmpty()) {
            problem = {columnName(field), parsed.error};
            return false;
        }
        target = parsed.price;
        return true;
    };
    if (!price(SheetField::OnDemand, row.onDemand) || !price(SheetField::Spot, row.spot)
        || !price(SheetField::Reserved1y, row.reserved1y) || !price(SheetField::Reserved3y, row.reserved3y)
        || !price(SheetField::Reserved1yUpfront, row.reserved1yUpfront)
        || !price(SheetField::Reserved3yUpfront, row.reserved3yUpfront))
        return false;

    if (hasColumn(SheetField::GpuInfo)) {
        const QByteArrayView info = bytes(fields, SheetField::GpuInfo);
        if (!info.isEmpty())
            row.gpuInfo = gpuInfo(info);
    }
    return true;
}

// A sheet repeats a handful of GpuInfo descriptions, mostly the same one for many rows in a
// row; parsing one is a JSON document each time.
std::optional<GpuInfo> SheetRowReader::gpuInfo(QByteArrayView bytes) const
{
    if (bytes == m_lastGpuInfoBytes)
        return m_lastGpuInfo;
    const QString text = QString::fromUtf8(bytes).trimmed();
    std::optional<GpuInfo> info;
    if (const auto it = m_gpuInfos.constFind(text); it != m_gpuInfos.constEnd()) {
        info = *it;
    } else if (!text.isEmpty()) {
        if (m_gpuInfos.size() >= kGpuInfoCacheSize) // a marketplace with a description per row
            m_gpuInfos.clear();
        info = parseGpuInfo(text);
        m_gpuInfos.insert(text, info);
    }
    m_lastGpuInfoBytes = bytes.toByteArray();
    m_lastGpuInfo = info;
    return info;
}

RowValidator::RowValidator(const GpuCatalog &catalog, const SheetRowReader &reader)
    : m_catalog(catalog)
    , m_reader(reader)
{
}

namespace {

// Instance types whose names state no form factor while their provider's own instance list does.
// Lambda's /instance-types describes gpu_1x_a100, gpu_2x_a100 and gpu_4x_a100 as
// "A100 (40 GB PCIe)" and gpu_8x_a100 as "A100 (40 GB SXM4)", the plain A100's model; its
// SkyPilot sheets name all of them "A100".
struct StatedForm {
    const char *provider;
    const char *instanceType;
    const char *form;
};
constexpr StatedForm kStatedForms[] = {
    {"lambda", "gpu_1x_a100", "PCIE"},
    {"lambda", "gpu_2x_a100", "PCIE"},
    {"lambda", "gpu_4x_a100", "PCIE"},
};

// Of `model`'s family (its name without the memory suffix), the model with the memory GpuInfo
// gives, and that memory per GPU; none when no member has it.
std::pair<const GpuModel *, double> memoryMatch(const GpuCatalog &catalog, const GpuModel &model,
                                                const GpuInfo &info, int count)
{
    // SizeInMiB is per GPU in most sheets and for all GPUs of the instance in some (Vast);
    // whichever reading matches a catalog model of the same family picks the model.
    const double size = (info.sizeMiB > 0 ? info.sizeMiB : info.totalMiB) / 1024.0;
    const double perGpu[] = {size, count > 1 ? size / count : 0.0};
    const QString family = withoutMemorySuffix(model.name);
    for (double gb : perGpu) {
        if (closeTo(gb, model.memoryGB))
            return {&model, gb};
        for (const GpuModel &sibling : catalog.models())
            if (withoutMemorySuffix(sibling.name) == family && closeTo(gb, sibling.memoryGB))
                return {&sibling, gb};
    }
    return {nullptr, 0.0};
}

} // namespace

QString instanceTypeForm(const QString &provider, const QString &instanceType)
{
    for (const StatedForm &stated : kStatedForms)
        if (provider == QLatin1String(stated.provider) && instanceType == QLatin1String(stated.instanceType))
            return QLatin1String(stated.form);
    // Most instance types name no form: two searches tell, before any splitting.
    if (!instanceType.contains(QLatin1String("pci"), Qt::CaseInsensitive)
        && !instanceType.contains(QLatin1String("sxm"), Qt::CaseInsensitive))
        return {};
    static const QRegularExpression separators(QStringLiteral("[-_. ]+"));
    static const QRegularExpression formWord(QStringLiteral("^(PCIE|PCI|SXM\\d*)(X\\d+)?$"));
    for (const QString &word : instanceType.toUpper().split(separators, Qt::SkipEmptyParts)) {
        if (const QRegularExpressionMatch m = formWord.match(word); m.hasMatch())
            return m.captured(1).startsWith(QLatin1String("PCI")) ? QStringLiteral("PCIE") : m.captured(1);
    }
    return {};
}

const GpuModel *RowValidator::resolveGpu(const QString &accelerator, const QString &form,
                                         const std::optional<GpuInfo> &info, int count, double &memoryGB)
{
    const ResolutionKey cacheKey{accelerator, form, count, info ? info->sizeMiB : 0.0};
    if (const auto it = m_resolved.constFind(cacheKey); it != m_resolved.constEnd()) {
        memoryGB = it->memoryGB;
        return it->model;
    }
    // The name with the instance type's form first, when the name states none ("H100 PCIE");
    // a spelling the catalog does not know with that form falls back to the name as it is.
    QStringList spellings;
    if (!form.isEmpty() && GpuCatalog::spelling(accelerator).form.isEmpty())
        spellings << accelerator + QLatin1Char(' ') + form;
    spellings << accelerator;
    const GpuModel *model = nullptr;
    memoryGB = 0;
    for (const QString &spelling : spellings) {
        const GpuModel *found = m_catalog.find(spelling);
        if (!found)
            continue;
        if (!model) {
            model = found;
            memoryGB = found->memoryGB;
        }
        if (!info)
            break;
        // A model whose family has the memory the sheet gives wins over one that has not: a
        // row of 40 GB GPUs is not read as an 80 GB model.
        if (const auto [match, gb] = memoryMatch(m_catalog, *found, *info, count); match) {
            model = match;
            memoryGB = gb;
            break;
        }
    }
    m_resolved.insert(cacheKey, {model, memoryGB});
    return model;
}

namespace {

// The first control character (NUL, escape, C1 controls, …) in `text`, if any: such a cell is
// refused rather than stored, so that no name read back later can drive a terminal or truncate
// a C string.
std::optional<char16_t> controlCharacter(const QString &text)
{
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || (u >= 0x7F && u <= 0x9F))
            return u;
    }
    return std::nullopt;
}

QString controlCharacterText(char16_t u)
{
    return QStringLiteral("contains the control character U+%1")
        .arg(QString::number(u, 16).toUpper().rightJustified(4, QLatin1Char('0')));
}

} // namespace

bool RowValidator::validate(const SheetRow &row, ValidatedRow &out, RowProblem &problem)
{
    out.warnings.clear();
    for (const auto &[field, text] : {std::pair{SheetField::Provider, &row.provider}, {SheetField::Category, &row.category},
                                      {SheetField::InstanceType, &row.instanceType}, {SheetField::Region, &row.region},
                                      {SheetField::Gpu, &row.accelerator}, {SheetField::Currency, &row.currency},
                                      {SheetField::Source, &row.source}, {SheetField::Url, &row.url}}) {
        if (const auto u = controlCharacter(*text)) {
            problem = {m_reader.columnName(field), controlCharacterText(*u)};
            return false;
        }
    }
    // Every field of the offer is set below, each from the row or else the defaults.
    CloudOffer &offer = out.offer;
    shareText(offer.provider, row.provider.isEmpty() ? m_defaults.provider : row.provider);
    if (offer.provider.isEmpty()) {
        problem = {m_reader.columnName(SheetField::Provider), QStringLiteral("missing provider")};
        return false;
    }
    if (!row.category.isEmpty()) {
        const auto category = cloudCategoryFromString(row.category);
        if (!category) {
            problem = {m_reader.columnName(SheetField::Category),
                       QStringLiteral("unknown category \"%1\" (hyperscaler, ml-cloud, marketplace)").arg(row.category)};
            return false;
        }
        offer.category = *category;
    } else {
        // Rows name the same provider again and again: its category is looked up once.
        if (offer.provider != m_lastProvider) {
            m_lastProvider = offer.provider;
            m_lastProviderCategory = providerCategory(offer.provider);
        }
        offer.category = m_lastProviderCategory.value_or(m_defaults.category);
    }
    if (row.instanceType.isEmpty()) {
        problem = {m_reader.columnName(SheetField::InstanceType), QStringLiteral("missing instance type")};
        return false;
    }
    if (row.region.isEmpty()) {
        problem = {m_reader.columnName(SheetField::Region), QStringLiteral("missing region")};
        return false;
    }
    if (row.accelerator.isEmpty()) {
        problem = {m_reader.columnName(SheetField::Gpu), QStringLiteral("CPU-only instance (no GPU)")};
        return false;
    }
    // Rows repeat their instance type region after region: its form is read once per run.
    if (row.instanceType != m_lastFormType || offer.provider != m_lastFormProvider) {
        m_lastFormType = row.instanceType;
        m_lastFormProvider = offer.provider;
        m_lastForm = instanceTypeForm(offer.provider, row.instanceType);
    }
    const GpuModel *gpu = resolveGpu(row.accelerator, m_lastForm, row.gpuInfo, row.gpuCount, out.gpuMemoryGB);
    if (!gpu) {
        const bool notGpu = isNonGpuAccelerator(row.accelerator);
        problem = {m_reader.columnName(SheetField::Gpu),
                   notGpu ? QStringLiteral("accelerator \"%1\" is not a GPU").arg(row.accelerator)
                          : QStringLiteral("unknown GPU \"%1\"").arg(row.accelerator),
                   notGpu ? QString() : row.accelerator};
        return false;
    }
    if (row.gpuCount <= 0) {
        problem = {m_reader.columnName(SheetField::GpuCount), QStringLiteral("missing GPU count")};
        return false;
    }
    if (!row.asOf.isEmpty() && !QDate::fromString(row.asOf, Qt::ISODate).isValid()) {
        problem = {m_reader.columnName(SheetField::AsOf), QStringLiteral("\"%1\" is not a date (YYYY-MM-DD)").arg(row.asOf)};
        return false;
    }
    if (!row.onDemand && !row.spot && !row.reserved1y && !row.reserved3y) {
        problem = {m_reader.columnName(SheetField::OnDemand), QStringLiteral("no price")};
        return false;
    }

    shareText(offer.instanceType, row.instanceType);
    shareText(offer.gpu, gpu->name);
    offer.gpuCount = row.gpuCount;
    offer.vcpus = row.vcpus;
    offer.memoryGiB = row.memoryGiB;
    shareText(offer.region, row.region);
    shareText(offer.currency, row.currency.isEmpty() ? m_defaults.currency : row.currency);
    offer.onDemand = row.onDemand;
    offer.spot = row.spot;
    offer.reserved1y = row.reserved1y;
    offer.reserved3y = row.reserved3y;
    offer.reserved1yUpfront = row.reserved1yUpfront;
    offer.reserved3yUpfront = row.reserved3yUpfront;
    shareText(offer.source, row.source.isEmpty() ? m_defaults.source : row.source);
    shareText(offer.url, row.url.isEmpty() ? m_defaults.url : row.url);
    shareText(offer.asOf, row.asOf.isEmpty() ? m_defaults.asOf : row.asOf);

    if (offer.spot && offer.onDemand && *offer.spot > *offer.onDemand) {
        out.warnings << QStringLiteral("spot price %1 above on-demand %2: imported without the spot price")
                            .arg(*offer.spot)
                            .arg(*offer.onDemand);
        offer.spot.reset();
    }
    // A reservation dearer than paying as you go is a typo or a mislabelled column, as a spot
    // price above on-demand is.
    if (offer.reserved1y && offer.onDemand && *offer.reserved1y > *offer.onDemand) {
        out.warnings << QStringLiteral("1-year reserved price %1 above on-demand %2: imported without the reserved price")
                            .arg(*offer.reserved1y)
                            .arg(*offer.onDemand);
        offer.reserved1y.reset();
    }
    if (offer.reserved3y && offer.onDemand && *offer.reserved3y > *offer.onDemand) {
        out.warnings << QStringLiteral("3-year reserved price %1 above on-demand %2: imported without the reserved price")
                            .arg(*offer.reserved3y)
                            .arg(*offer.onDemand);
        offer.reserved3y.reset();
    }
    // Paying a term upfront never costs more per hour than paying it month by month.
    for (auto [upfront, monthly, term] : {std::tuple{&offer.reserved1yUpfront, &offer.reserved1y, 1},
                                          std::tuple{&offer.reserved3yUpfront, &offer.reserved3y, 3}}) {
        const std::optional<double> &ceiling = *monthly ? *monthly : offer.onDemand;
        if (*upfront && ceiling && **upfront > *ceiling) {
            out.warnings << QStringLiteral("%1-year all-upfront price %2 above the %3 %4: imported without it")
                                .arg(term)
                                .arg(**upfront)
                                .arg(*monthly ? QStringLiteral("reserved price") : QStringLiteral("on-demand price"))
                                .arg(*ceiling);
            upfront->reset();
        }
    }
    if (!offer.onDemand && offer.spot)
        out.warnings << QStringLiteral("spot-only offer (no on-demand price)");
    return true;
}

} // namespace breakeven
