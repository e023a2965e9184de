#include "manualwindow.h"

#include <QAction>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QScreen>
#include <QSplitter>
#include <QStyle>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace breakeven::help {

namespace {

constexpr int kFileRole = Qt::UserRole;
constexpr int kSectionRole = Qt::UserRole + 1;

QUrl pageUrl(const QString &fileName)
{
    return QUrl(QStringLiteral("qrc") + QString::fromLatin1(kManualRoot) + QLatin1Char('/') + fileName);
}

} // namespace

ManualWindow::ManualWindow(QWidget *parent)
    : QMainWindow(parent, Qt::Window)
    , m_pages(manualPages())
    , m_search(new QLineEdit)
    , m_hits(new QListWidget)
    , m_contents(new QTreeWidget)
    , m_browser(new QTextBrowser)
{
    setObjectName(QStringLiteral("manualWindow"));
    setWindowTitle(tr("Breakeven Manual"));

    m_search->setObjectName(QStringLiteral("manualSearch"));
    m_search->setPlaceholderText(tr("Search the manual"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Lists every section that holds all the words typed; Enter shows the first"));
    m_hits->setObjectName(QStringLiteral("manualHits"));
    m_hits->setWordWrap(true);
    m_hits->hide();
    m_contents->setObjectName(QStringLiteral("manualContents"));
    m_contents->setHeaderHidden(true);
    m_contents->setRootIsDecorated(true);
    for (const ManualPage &page : m_pages) {
        auto *item = new QTreeWidgetItem(m_contents, {page.title});
        item->setData(0, kFileRole, page.fileName);
        for (const ManualSection &section : page.sections) {
            if (section.title.isEmpty() || section.title == page.title)
                continue;
            auto *child = new QTreeWidgetItem(item, {section.title});
            child->setData(0, kFileRole, page.fileName);
            child->setData(0, kSectionRole, section.title);
            child->setToolTip(0, section.title);
        }
    }

    m_browser->setObjectName(QStringLiteral("manualBrowser"));
    m_browser->setOpenExternalLinks(true);
    m_browser->setSearchPaths({QString::fromLatin1(kManualRoot)});

    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_search);
    leftLayout->addWidget(m_hits, 1);
    leftLayout->addWidget(m_contents, 2);
    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(left);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({280, 800});
    splitter->setChildrenCollapsible(false);
    setCentralWidget(splitter);

    QToolBar *bar = addToolBar(tr("Navigation"));
    bar->setObjectName(QStringLiteral("manualToolBar"));
    bar->setMovable(false);
    QAction *back = bar->addAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("Back"), m_browser, &QTextBrowser::backward);
    back->setShortcut(QKeySequence::Back);
    back->setEnabled(false);
    QAction *forward = bar->addAction(style()->standardIcon(QStyle::SP_ArrowForward), tr("Forward"), m_browser, &QTextBrowser::forward);
    forward->setShortcut(QKeySequence::Forward);
    forward->setEnabled(false);
    bar->addAction(style()->standardIcon(QStyle::SP_DirHomeIcon), tr("Getting Started"), this,
                   [this] { showPage(QString::fromLatin1(kFirstPage)); });
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QAction::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, forward, &QAction::setEnabled);
    auto *find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    connect(find, &QAction::triggered, m_search, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    addAction(find);

    connect(m_search, &QLineEdit::textChanged, this, &ManualWindow::search);
    connect(m_search, &QLineEdit::returnPressed, this, &ManualWindow::jumpToFirstHit);
    connect(m_hits, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) { jumpTo(m_hits->row(item)); });
    connect(m_hits, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) { jumpTo(m_hits->row(item)); });
    connect(m_contents, &QTreeWidget::itemClicked, this, &ManualWindow::followContents);
    connect(m_contents, &QTreeWidget::itemActivated, this, &ManualWindow::followContents);
    // A link followed inside the browser: the contents mark the page it leads to.
    connect(m_browser, &QTextBrowser::sourceChanged, this, [this](const QUrl &url) {
        const QString name = url.fileName();
        const QTreeWidgetItem *current = m_contents->currentItem();
        if (current && current->data(0, kFileRole).toString() == name)
            return;
        for (int i = 0; i < m_contents->topLevelItemCount(); ++i) {
            QTreeWidgetItem *item = m_contents->topLevelItem(i);
            if (item->data(0, kFileRole).toString() == name) {
                const QSignalBlocker blocker(m_contents);
                m_contents->setCurrentItem(item);
            }
        }
    });

    // Big enough for a page and its contents side by side, never larger than the screen.
    QSize size(1100, 760);
    if (const QScreen *screen = parent ? parent->screen() : QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableSize() * 0.9);
    resize(size);
    showPage(QString::fromLatin1(kFirstPage));
}

QUrl ManualWindow::currentPage() const
{
    return m_browser->source();
}

void ManualWindow::showPage(const QString &fileName, const QString &section)
{
    const QUrl url = pageUrl(fileName);
    if (m_browser->source() != url)
        m_browser->setSource(url, QTextDocument::MarkdownResource);
    m_browser->setExtraSelections({});
    if (section.isEmpty()) {
        m_browser->moveCursor(QTextCursor::Start);
        m_browser->ensureCursorVisible();
        return;
    }
    highlight(section, {});
}

bool ManualWindow::highlight(const QString &section, const QString &word)
{
    QTextDocument *document = m_browser->document();
    QTextCursor at(document);
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() > 0 && block.text() == section) {
            at = QTextCursor(block);
            break;
        }
    }
    // The heading at the top of the view: scroll to the end first, then back up to it.
    m_browser->moveCursor(QTextCursor::End);
    m_browser->ensureCursorVisible();
    m_browser->setTextCursor(at);
    m_browser->ensureCursorVisible();
    if (word.isEmpty())
        return true;
    const QTextCursor found = document->find(word, at);
    if (found.isNull())
        return false;
    m_browser->setTextCursor(found);
    m_browser->ensureCursorVisible();
    // The match stays marked when the focus goes back to the search field.
    QTextEdit::ExtraSelection mark;
    mark.cursor = found;
    mark.format.setBackground(QColor(255, 220, 80));
    mark.format.setForeground(Qt::black);
    m_browser->setExtraSelections({mark});
    return true;
}

void ManualWindow::search(const QString &query)
{
    if (m_search->text() != query) {
        const QSignalBlocker blocker(m_search);
        m_search->setText(query);
    }
    m_lastQuery = query;
    m_lastHits = searchManual(m_pages, query);
    m_hits->clear();
    for (const ManualHit &hit : std::as_const(m_lastHits)) {
        const ManualPage &page = m_pages[hit.page];
        const QString section = page.sections[hit.section].title;
        const QString where = section.isEmpty() || section == page.title
            ? page.title
            : tr("%1 › %2").arg(page.title, section);
        auto *item = new QListWidgetItem(where, m_hits);
        item->setToolTip(hit.excerpt);
    }
    if (m_lastHits.isEmpty() && !query.trimmed().isEmpty()) {
        auto *none = new QListWidgetItem(tr("Nothing found for “%1”").arg(query.trimmed()), m_hits);
        none->setFlags(Qt::NoItemFlags);
    }
    m_hits->setVisible(!query.trimmed().isEmpty());
}

bool ManualWindow::jumpToFirstHit()
{
    if (m_lastQuery != m_search->text())
        search(m_search->text());
    if (m_lastHits.isEmpty())
        return false;
    m_hits->setCurrentRow(0);
    jumpTo(0);
    return true;
}

void ManualWindow::jumpTo(int hit)
{
    if (hit < 0 || hit >= m_lastHits.size())
        return;
    const ManualHit &h = m_lastHits[hit];
    const ManualPage &page = m_pages[h.page];
    showPage(page.fileName);
    highlight(page.sections[h.section].title, firstWord(m_lastQuery));
}

void ManualWindow::followContents()
{
    QTreeWidgetItem *item = m_contents->currentItem();
    if (!item)
        return;
    showPage(item->data(0, kFileRole).toString(), item->data(0, kSectionRole).toString());
}

} // namespace breakeven::help
