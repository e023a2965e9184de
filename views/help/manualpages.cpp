#include "manualpages.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextDocument>

#include <algorithm>

namespace breakeven::help {

namespace {

// The contents' order: a newcomer's path from the first task to the reference pages.
const QStringList kPageOrder = {
    QStringLiteral("getting-started.md"), QStringLiteral("window.md"),       QStringLiteral("scenarios.md"),
    QStringLiteral("catalog.md"),         QStringLiteral("results.md"),      QStringLiteral("charts.md"),
    QStringLiteral("risk.md"),            QStringLiteral("best-offers.md"),  QStringLiteral("criteria.md"),
    QStringLiteral("hybrid.md"),          QStringLiteral("meaning.md"),      QStringLiteral("documents.md"),
    QStringLiteral("price-sheets.md"),    QStringLiteral("command-line.md"),
};

ManualPage readPage(const QString &fileName)
{
    ManualPage page;
    page.fileName = fileName;
    QFile file(QString::fromLatin1(kManualRoot) + QLatin1Char('/') + fileName);
    if (!file.open(QIODevice::ReadOnly))
        return page;
    // Read through the same Markdown parser the browser uses, so the search sees the words shown.
    QTextDocument document;
    document.setMarkdown(QString::fromUtf8(file.readAll()));
    ManualSection section;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        const int level = block.blockFormat().headingLevel();
        if (level == 1 && page.title.isEmpty()) {
            page.title = block.text();
            section.title = block.text();
            continue;
        }
        if (level == 2 || level == 3) {
            if (!section.title.isEmpty() || !section.text.isEmpty())
                page.sections.append(section);
            section = {block.text(), {}};
            continue;
        }
        if (!block.text().isEmpty())
            section.text += block.text() + QLatin1Char('\n');
    }
    if (!section.title.isEmpty() || !section.text.isEmpty())
        page.sections.append(section);
    if (page.title.isEmpty())
        page.title = fileName;
    return page;
}

QStringList words(const QString &query)
{
    return query.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
}

} // namespace

QList<ManualPage> manualPages()
{
    QStringList names = QDir(QString::fromLatin1(kManualRoot)).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    QStringList ordered;
    for (const QString &name : kPageOrder) {
        if (names.removeOne(name))
            ordered.append(name);
    }
    ordered += names;
    QList<ManualPage> pages;
    for (const QString &name : ordered)
        pages.append(readPage(name));
    return pages;
}

QString firstWord(const QString &query)
{
    const QStringList all = words(query);
    return all.isEmpty() ? QString() : all.front();
}

QList<ManualHit> searchManual(const QList<ManualPage> &pages, const QString &query)
{
    const QStringList all = words(query);
    QList<ManualHit> hits;
    if (all.isEmpty())
        return hits;
    for (int p = 0; p < pages.size(); ++p) {
        const QList<ManualSection> &sections = pages[p].sections;
        for (int s = 0; s < sections.size(); ++s) {
            const QString haystack = sections[s].title + QLatin1Char('\n') + sections[s].text;
            const bool found = std::all_of(all.begin(), all.end(), [&](const QString &word) {
                return haystack.contains(word, Qt::CaseInsensitive);
            });
            if (!found)
                continue;
            // A few words either side of the first match, on one line.
            const qsizetype at = haystack.indexOf(all.front(), 0, Qt::CaseInsensitive);
            const qsizetype from = std::max<qsizetype>(0, at - 40);
            QString excerpt = haystack.mid(from, all.front().size() + 80).simplified();
            if (from > 0)
                excerpt.prepend(QStringLiteral("…"));
            hits.append({p, s, excerpt + QStringLiteral("…")});
        }
    }
    return hits;
}

} // namespace breakeven::help
