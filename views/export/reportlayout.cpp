#include "reportlayout.h"

#include <QAbstractTextDocumentLayout>
#include <QFont>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextFrame>
#include <QTextTable>
#include <QStringList>
#include <QTextOption>

#include <algorithm>
#include <vector>

namespace breakeven::exporting {

namespace {

const QString kStyle = QStringLiteral(
    "body { font-family: 'DejaVu Sans'; font-size: 9pt; }"
    "h1 { font-size: 16pt; } h2 { font-size: 13pt; } h3 { font-size: 11pt; }"
    "table.results { font-size: 7pt; }");

} // namespace

ReportLayout::ReportLayout(QPaintDevice *device, qreal width, qreal pageHeight)
    : m_device(device)
    , m_width(width)
    , m_pageHeight(pageHeight)
{
}

std::unique_ptr<QTextDocument> ReportLayout::document(const QString &html, qreal fontScale) const
{
    auto text = std::make_unique<QTextDocument>();
    text->documentLayout()->setPaintDevice(m_device);
    text->setDefaultStyleSheet(kStyle);
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(9 * fontScale);
    text->setDefaultFont(font);
    // Words are never cut: a table too narrow for its longest word is made smaller instead.
    QTextOption option = text->defaultTextOption();
    option.setWrapMode(QTextOption::WordWrap);
    text->setDefaultTextOption(option);
    // The width first: the text is then laid out once, at the page's width.
    text->setTextWidth(m_width);
    text->setHtml(html);
    return text;
}

void ReportLayout::addHtml(const QString &html, bool keepWithNext, qreal fontScale)
{
    ReportBlock block;
    block.text = document(html, fontScale);
    block.height = block.text->size().height();
    if (keepWithNext)
        m_pending.push_back(std::move(block));
    else
        place(std::move(block));
}

void ReportLayout::addChart(int chart, qreal height)
{
    ReportBlock block;
    block.chart = chart;
    block.height = height;
    place(std::move(block));
}

qreal ReportLayout::pendingHeight() const
{
    qreal height = 0;
    for (const ReportBlock &block : m_pending)
        height += block.height + kSpacing;
    return height;
}

void ReportLayout::newPage()
{
    ++m_page;
    m_y = 0;
}

void ReportLayout::place(ReportBlock block)
{
    const qreal needed = pendingHeight() + std::min(block.height, m_pageHeight);
    if (m_y > 0 && m_y + needed > m_pageHeight)
        newPage();
    m_pending.push_back(std::move(block));
    for (ReportBlock &b : m_pending) {
        b.page = m_page;
        b.y = m_y;
        m_y += b.height + kSpacing;
        m_blocks.push_back(std::move(b));
    }
    m_pending.clear();
}

void ReportLayout::addTable(const QString &html, qreal fontScale)
{
    static const QRegularExpression rowStart(QStringLiteral("(?=<tr[ >])"));
    const QString close = QStringLiteral("</table>");
    const qsizetype first = html.indexOf(rowStart);
    if (first < 0 || !html.endsWith(close)) {
        addHtml(html, false, fontScale);
        return;
    }
    const QString open = html.left(first);
    QStringList rows = html.mid(first, html.size() - first - close.size()).split(rowStart, Qt::SkipEmptyParts);
    QString header = rows.takeFirst();
    const auto tableOf = [&](qsizetype from, qsizetype count) {
        return open + header + rows.mid(from, count).join(QString()) + close;
    };

    // Smaller type until every figure and header fits on its line; headers wrap between their
    // words only when the smallest type still does not fit.
    qreal scale = fontScale;
    std::unique_ptr<QTextDocument> whole; // the whole table at `scale`, laid out
    for (int attempt = 0; attempt < 2; ++attempt) {
        scale = fontScale;
        // Type shrinks about in proportion to the width it takes: a step or two, not one per 6 %.
        for (whole = document(tableOf(0, rows.size()), scale);
             whole->size().width() > m_width + 0.5 && scale > kMinFontScale;
             whole = document(tableOf(0, rows.size()), scale))
            scale = std::max(kMinFontScale, std::min(scale * 0.94, scale * m_width / whole->size().width()));
        if (whole->size().width() <= m_width + 0.5 || !header.contains(kNoWrap))
            break;
        header.remove(kNoWrap);
    }
    m_lastTableScale = scale;

    // The whole table laid out once gives each row's height; a part of it is then the header, its
    // rows and the table's frame. The estimate is checked with one lay-out of the part, so a long
    // table costs a lay-out or two a page, not a search over its rows.
    std::vector<qreal> rowTop; // rows.size() + 1 entries, the last the table's bottom
    QTextTable *table = nullptr;
    for (QTextFrame *frame : whole->rootFrame()->childFrames())
        if ((table = qobject_cast<QTextTable *>(frame)))
            break;
    qreal chrome = 0; // the header and the frame around the rows
    if (table && table->rows() == rows.size() + 1) {
        QAbstractTextDocumentLayout *layout = whole->documentLayout();
        for (int r = 1; r <= rows.size(); ++r)
            rowTop.push_back(layout->blockBoundingRect(table->cellAt(r, 0).firstCursorPosition().block()).top());
        rowTop.push_back(layout->frameBoundingRect(table).bottom());
        chrome = whole->size().height() - (rowTop.back() - rowTop.front());
    }
    const auto partHeight = [&](qsizetype from, qsizetype count) {
        return chrome + rowTop[std::size_t(from + count)] - rowTop[std::size_t(from)];
    };
    qsizetype start = 0;
    while (start < rows.size()) {
        const qsizetype left = rows.size() - start;
        const qreal room = m_pageHeight - m_y - pendingHeight();
        // The last part laid out to check it, kept: when it is the part placed, it is not laid out
        // again (a page of a long table is a lay-out of a hundred rows).
        std::unique_ptr<QTextDocument> checked;
        qsizetype checkedCount = -1;
        const auto fits = [&](qsizetype count) {
            checked = document(tableOf(start, count), scale);
            checkedCount = count;
            return checked->size().height() <= room;
        };
        qsizetype count = 0;
        if (!rowTop.empty()) {
            while (count < left && partHeight(start, count + 1) <= room)
                ++count;
            // Columns sized to fewer rows can differ a little: checked, and a row less while it
            // does not fit.
            while (count > 0 && !fits(count))
                --count;
        } else if (fits(left)) {
            count = left;
        } else {
            qsizetype low = 0;      // fits
            qsizetype high = left;  // does not
            while (high - low > 1) {
                const qsizetype middle = (low + high) / 2;
                (fits(middle) ? low : high) = middle;
            }
            count = low;
        }
        // A table does not start with a row or two at the foot of a page.
        if ((m_y > 0 || !m_pending.empty()) && count < std::min<qsizetype>(kMinRowsOnAPage, left)) {
            if (m_y > 0) {
                newPage();
                continue;
            }
        }
        // Nor does a row or two go on alone to the next.
        if (count < left && left - count < kMinRowsOnAPage && count > kMinRowsOnAPage)
            count = std::max<qsizetype>(kMinRowsOnAPage, left - kMinRowsOnAPage);
        count = std::max<qsizetype>(count, 1);
        ReportBlock block;
        block.text = checked && checkedCount == count ? std::move(checked) : document(tableOf(start, count), scale);
        block.height = block.text->size().height();
        place(std::move(block));
        start += count;
    }
}

} // namespace breakeven::exporting
