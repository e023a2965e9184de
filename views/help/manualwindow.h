// Help › Manual: the project's own manual (docs/manual) in a window of its own, with the contents
// on the left, a search over every page above them, and the page in a text browser on the right.
#pragma once

#include "manualpages.h"

#include <QMainWindow>
#include <QUrl>

class QLineEdit;
class QListWidget;
class QTextBrowser;
class QTreeWidget;

namespace breakeven::help {

class ManualWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit ManualWindow(QWidget *parent = nullptr);

    // Shows `fileName` ("risk.md"), at the heading `section` when one is given.
    void showPage(const QString &fileName, const QString &section = {});
    // Lists the sections that match `query` (also what typing in the search field does).
    void search(const QString &query);
    // Shows the first section the search listed with the first word of the query selected; false
    // when it listed none.
    bool jumpToFirstHit();
    // The page shown: qrc:/manual/NAME.md.
    QUrl currentPage() const;

    const QList<ManualPage> &pages() const { return m_pages; }
    QTextBrowser *browser() const { return m_browser; }
    QLineEdit *searchField() const { return m_search; }
    QListWidget *hitList() const { return m_hits; }
    QTreeWidget *contents() const { return m_contents; }

private:
    void jumpTo(int hit);
    // Moves to `section`'s heading and selects the first `word` from there; returns whether found.
    bool highlight(const QString &section, const QString &word);
    void followContents();

    QList<ManualPage> m_pages;
    QList<ManualHit> m_lastHits;
    QString m_lastQuery;
    QLineEdit *m_search;
    QListWidget *m_hits;
    QTreeWidget *m_contents;
    QTextBrowser *m_browser;
};

} // namespace breakeven::help
