// How the report's blocks of text, tables and charts go onto its pages: each block is measured
// as it is added and placed at once, so that a page is filled before the next begins. A heading
// waits for what it introduces and moves with it; a table is split between its rows to fill what
// is left of a page, its header repeated, and its type made smaller when its figures would not
// fit the page's width on one line.
#pragma once

#include <QString>
#include <QTextDocument>

#include <memory>
#include <vector>

class QPaintDevice;

namespace breakeven::exporting {

struct ReportBlock {
    std::unique_ptr<QTextDocument> text; // either text ...
    int chart = -1;                      // ... or the index of a chart the writer draws
    qreal height = 0;
    int page = 0;
    qreal y = 0;
};

// Cells marked so keep their text on one line (the figures and the column headers of the
// report's tables): the type is made smaller instead.
inline const QString kNoWrap = QStringLiteral(" style=\"white-space: nowrap\"");

class ReportLayout {
public:
    ReportLayout(QPaintDevice *device, qreal width, qreal pageHeight);

    // `keepWithNext`: a heading, placed on the page of the block after it.
    void addHtml(const QString &html, bool keepWithNext = false, qreal fontScale = 1.0);
    void addChart(int chart, qreal height);
    // One <table> of rows "<tr>…</tr>", the first of them its header: split between pages after
    // at least kMinRowsOnAPage rows, at `fontScale` or smaller (down to kMinFontScale) so that
    // it fits the width.
    void addTable(const QString &html, qreal fontScale = 1.0);

    int pageCount() const { return m_page + 1; }
    std::vector<ReportBlock> &blocks() { return m_blocks; }
    // The font scale the last table was laid out at.
    qreal lastTableScale() const { return m_lastTableScale; }

    static constexpr qreal kSpacing = 8;
    static constexpr qreal kMinFontScale = 0.7;
    static constexpr int kMinRowsOnAPage = 3;

private:
    std::unique_ptr<QTextDocument> document(const QString &html, qreal fontScale) const;
    void place(ReportBlock block);
    qreal pendingHeight() const;
    void newPage();

    QPaintDevice *m_device;
    qreal m_width;
    qreal m_pageHeight;
    int m_page = 0;
    qreal m_y = 0;
    qreal m_lastTableScale = 1.0;
    std::vector<ReportBlock> m_pending; // headings waiting for their block
    std::vector<ReportBlock> m_blocks;
};

} // namespace breakeven::exporting
