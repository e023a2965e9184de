// One price-sheet row on its way to the catalog: read from the CSV record through a preset's
// columns (SheetRowReader), then checked against the rules of README's "Price sheets"
// (RowValidator), which either makes a CloudOffer with its warnings or says which column is wrong and why.
#pragma once

#include "catalog/gpucatalog.h"
#include "text/csvreader.h"
#include "domain.h"
#include "sheetpreset.h"
#include "skypilotformat.h"
#include "text/textcache.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace breakeven {

struct RowProblem {
    RowProblem() = default;
    RowProblem(QString column, QString reason, QString unknownGpu = {})
        : column(std::move(column))
        , reason(std::move(reason))
        , unknownGpu(std::move(unknownGpu))
    {
    }
    QString column;   // the sheet's header name, empty when the row as a whole is at fault
    QString reason;
    QString unknownGpu; // the sheet's GPU name when the catalog knows no such GPU
};

// Typed values of one row; prices already checked for being numbers and not negative.
struct SheetRow {
    qint64 line = 0;
    QString provider;
    QString category;
    QString instanceType;
    QString accelerator;
    int gpuCount = 0;         // 0: no count given
    double vcpus = 0;
    double memoryGiB = 0;
    QString region;
    QString zone;
    QString currency;
    std::optional<double> onDemand; // absent: empty, zero or a placeholder such as "N/A"
    std::optional<double> spot;
    std::optional<double> reserved1y;
    std::optional<double> reserved3y;
    std::optional<double> reserved1yUpfront;
    std::optional<double> reserved3yUpfront;
    QString source;
    QString url;
    QString asOf;
    std::optional<GpuInfo> gpuInfo;
};

// Parses a price cell. Empty, zero and placeholders mean "no price"; a negative or non-numeric
// value is a problem. `decimalComma` accepts "1,80" (semicolon-separated sheets).
struct PriceParse {
    std::optional<double> price;
    QString error; // empty when fine
};
PriceParse parsePrice(QStringView text, bool decimalComma);

class SheetRowReader {
public:
    SheetRowReader(const SheetPreset &preset, const QStringList &header, const QString &sheetName,
                   char delimiter);
    // False with `problem` set when a cell cannot be read (bad number, negative price).
    bool read(qint64 line, const CsvRow &fields, SheetRow &row, RowProblem &problem) const;
    // The sheet's header name of a field, for messages.
    QString columnName(SheetField field) const;
    bool hasColumn(SheetField field) const { return m_columns[std::size_t(field)] >= 0; }

private:
    // The cell's bytes without the spaces around them; empty when the sheet lacks the column.
    QByteArrayView bytes(const CsvRow &fields, SheetField field) const;
    // The cell as text, trimmed. A sheet repeats most of its texts row after row, so each column
    // keeps the strings it made lately and hands out the same one for the same bytes. The
    // reference holds until the next call for the same field.
    const QString &cell(const CsvRow &fields, SheetField field) const;
    std::optional<GpuInfo> gpuInfo(QByteArrayView bytes) const;

    static constexpr qsizetype kGpuInfoCacheSize = 4096;
    SheetPreset m_preset;
    ColumnIndexes m_columns;
    QStringList m_header;
    bool m_decimalComma = false;
    mutable QHash<QString, std::optional<GpuInfo>> m_gpuInfos; // by the cell's text
    mutable QByteArray m_lastGpuInfoBytes;
    mutable std::optional<GpuInfo> m_lastGpuInfo;
    mutable std::array<TextCache, kSheetFieldCount> m_texts;
    mutable std::array<QString, kSheetFieldCount> m_uncached; // a cell outside ASCII, per field
};

// What a GPU spelling resolves by: the spelling, the form factor the instance type states, the
// count and the GpuInfo size.
struct ResolutionKey {
    QString accelerator;
    QString form;
    int count = 0;
    double sizeMiB = 0;
    bool operator==(const ResolutionKey &other) const = default;
};
inline size_t qHash(const ResolutionKey &key, size_t seed = 0)
{
    return qHashMulti(seed, key.accelerator, key.form, key.count, key.sizeMiB);
}

// The form factor an instance type states for its GPU, for a sheet whose GPU name leaves it out
// (Lambda's `gpu_1x_h100_pcie` and `gpu_8x_h100_sxm5` both name their GPU "H100"): a word of the
// instance type's name, cut at `_`, `-`, `.` and spaces, that is PCIE or PCI (read as PCIE) or
// SXM, SXM4, SXM5, … (as written), optionally followed by a count ("sxm5x8"); else the form the
// provider's own instance list gives an instance type whose name says none (kStatedForms in
// sheetrow.cpp). Empty when neither says.
QString instanceTypeForm(const QString &provider, const QString &instanceType);

struct ValidatedRow {
    CloudOffer offer;
    double gpuMemoryGB = 0;   // per GPU from GpuInfo when given, else the catalog's figure
    QStringList warnings;
};

// Applies the validation rules. GPU spellings are resolved once per distinct name.
class RowValidator {
public:
    RowValidator(const GpuCatalog &catalog, const SheetRowReader &reader);
    // Offer fields the row lacks come from here: provider, category, currency, source, as_of.
    void setDefaults(const CloudOffer &defaults) { m_defaults = defaults; }
    bool validate(const SheetRow &row, ValidatedRow &out, RowProblem &problem);

private:
    // The catalog model of a row's GPU: its name with the instance type's form factor added
    // ("H100" on `gpu_1x_h100_pcie` is read "H100 PCIE") when the name states none, else the name
    // as it is; of the two, the first whose family has the GpuInfo memory, else the first known.
    const GpuModel *resolveGpu(const QString &accelerator, const QString &form, const std::optional<GpuInfo> &info,
                               int count, double &memoryGB);

    const GpuCatalog &m_catalog;
    const SheetRowReader &m_reader;
    CloudOffer m_defaults;
    struct Resolution {
        const GpuModel *model = nullptr;
        double memoryGB = 0;
    };
    QHash<ResolutionKey, Resolution> m_resolved;
    QString m_lastProvider;
    std::optional<CloudCategory> m_lastProviderCategory;
    QString m_lastFormProvider; // the last row's provider and instance type and their form
    QString m_lastFormType;
    QString m_lastForm;
};

} // namespace breakeven
