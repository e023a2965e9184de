// The manual's pages (docs/manual/*.md, compiled in under :/manual) and the search over them.
// Not a widget: the manual window shows what this reads, and tests check the pages with it.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace breakeven::help {

// Where the pages live in the resources, and the page the manual opens on.
inline constexpr const char *kManualRoot = ":/manual";
inline constexpr const char *kFirstPage = "getting-started.md";

struct ManualSection {
    QString title;   // a heading of the page ("What the horizon leaves out")
    QString text;    // the plain text under it, up to the next heading
};

struct ManualPage {
    QString fileName;              // "getting-started.md"
    QString title;                 // its first heading
    QList<ManualSection> sections; // the text before the first second-level heading is the first
};

// One place the search found: a page, a section of it, and a few words around the first match.
struct ManualHit {
    int page = -1;
    int section = -1;
    QString excerpt;
};

// Every page, in the order of the contents (the order of kPageOrder, then any other page by name).
QList<ManualPage> manualPages();
// Sections that hold every word of `query` (case-insensitive), pages in order; a query of blanks finds nothing.
QList<ManualHit> searchManual(const QList<ManualPage> &pages, const QString &query);
// The word of `query` to highlight when jumping to a hit: its first.
QString firstWord(const QString &query);

} // namespace breakeven::help
