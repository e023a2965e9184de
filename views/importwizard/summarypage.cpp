#include "summarypage.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMap>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace breakeven {

namespace {

struct ReasonGroup {
    qint64 rows = 0;
    QStringList lines; // the first few, enough to find them in the sheet
};

void addGroups(QTreeWidget *tree, const QString &kind, const std::vector<RowIssue> &issues)
{
    constexpr int kLinesShown = 5;
    QMap<QString, ReasonGroup> groups;
    for (const RowIssue &issue : issues) {
        // The column belongs to the reason: "Price: negative" and "SpotPrice: negative" differ.
        const QString reason = issue.column.isEmpty() ? issue.reason : issue.column + QStringLiteral(": ") + issue.reason;
        ReasonGroup &group = groups[reason];
        ++group.rows;
        if (group.lines.size() < kLinesShown)
            group.lines.append(QString::number(issue.line));
    }
    const QLocale locale;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
        QString lines = it->lines.join(QStringLiteral(", "));
        if (it->rows > it->lines.size())
            lines += QStringLiteral(", …");
        auto *item = new QTreeWidgetItem(tree, {kind, locale.toString(it->rows), it.key(), lines});
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    }
}

} // namespace

SheetSummaryPage::SheetSummaryPage(QWidget *parent)
    : ImportWizardPage(parent)
    , m_counts(new QLabel(this))
    , m_reasons(new QTreeWidget(this))
{
    setTitle(tr("Summary"));
    setSubTitle(tr("Nothing has been written yet. Import writes all of this in one transaction; "
                   "cancelling it leaves the catalog as it is."));
    setCommitPage(true);
    setButtonText(QWizard::CommitButton, tr("&Import"));
    m_counts->setTextFormat(Qt::RichText);
    m_reasons->setRootIsDecorated(false);
    m_reasons->setHeaderLabels({tr("Kind"), tr("Rows"), tr("Reason"), tr("Lines")});
    m_reasons->header()->setStretchLastSection(false);
    m_reasons->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_counts);
    layout->addWidget(new QLabel(tr("Rows skipped or imported with a warning:"), this));
    layout->addWidget(m_reasons, 1);
}

void SheetSummaryPage::initializePage()
{
    const ImportReport &preview = setup().preview;
    const QLocale locale;
    auto line = [&](const QString &what, qint64 count) {
        return QStringLiteral("<tr><td>%1</td><td align=right><b>%2</b></td></tr>").arg(what, locale.toString(count));
    };
    QString text = QStringLiteral("<table cellspacing=4>");
    text += line(tr("Offers to add"), preview.offers.added);
    text += line(tr("Offers to update"), preview.offers.updated);
    text += line(tr("Offers unchanged"), preview.offers.unchanged);
    text += line(tr("Rows to skip"), preview.skipped);
    text += line(tr("Rows with warnings"), qint64(preview.warnings.size()));
    text += line(tr("Duplicate rows (lowest price kept)"), preview.duplicates);
    text += QStringLiteral("</table>");
    m_counts->setText(text);

    m_reasons->clear();
    addGroups(m_reasons, tr("skip"), preview.skips);
    addGroups(m_reasons, tr("warning"), preview.warnings);
    for (int column : {0, 1, 3})
        m_reasons->resizeColumnToContents(column);
}

} // namespace breakeven
