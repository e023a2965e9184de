// Help, offscreen: F1 opens the manual on its getting-started page; the search lists the sections
// that hold a word and Enter shows the first with the word selected; every page of docs/manual is
// compiled in and every relative link in the manual and the README leads to a file that exists;
// an empty scenario shows the guide instead of the chart, and its buttons trigger the window's
// actions; the key controls explain themselves through What's This.
#include "editors/buildeditor.h"
#include "editors/cloudoptioneditor.h"
#include "editors/scenarioeditor.h"
#include "editors/workloadeditor.h"
#include "help/emptyscenarioguide.h"
#include "help/manualpages.h"
#include "help/manualwindow.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/scenariopanel.h"
#include "scenarioview/scenarioview.h"
#include "scenarioview/utilizationbar.h"
#include "session/scenariosession.h"
#include "store/document.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeWidget>

#include <memory>

using namespace breakeven;

class TestHelp : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void f1OpensTheManualOnGettingStarted();
    void searchListsPagesAndJumps();
    void everyPageIsAResourceWithContents();
    void everyRelativeLinkResolves();
    void emptyScenarioShowsTheGuide();
    void guideButtonsTriggerTheActions();
    void keyControlsHaveWhatsThis();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestHelp::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_help"));
}

void TestHelp::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const QString path = m_dir->filePath(QStringLiteral("help.breakeven"));
    Document::create(path);
    m_window = std::make_unique<MainWindow>(Document::open(path));
    m_window->setMessageHandler([](const QString &, const QString &) {});
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestHelp::cleanup()
{
    m_window.reset();
    m_dir.reset();
    QSettings().clear();
}

void TestHelp::f1OpensTheManualOnGettingStarted()
{
    QCOMPARE(m_window->actions().manual->shortcut(), QKeySequence(QKeySequence::HelpContents));
    QCOMPARE(m_window->manualWindow(), nullptr);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTest::keyClick(m_window.get(), Qt::Key_F1);
    help::ManualWindow *manual = m_window->manualWindow();
    QVERIFY(manual);
    QVERIFY(QTest::qWaitForWindowExposed(manual));
    QCOMPARE(manual->currentPage(), QUrl(QStringLiteral("qrc:/manual/getting-started.md")));
    QVERIFY(manual->browser()->toPlainText().startsWith(QStringLiteral("Getting started")));
    // The contents list every page, the first one first.
    QCOMPARE(manual->contents()->topLevelItemCount(), manual->pages().size());
    QCOMPARE(manual->contents()->topLevelItem(0)->text(0), QStringLiteral("Getting started"));
    // A second F1 shows the same window again.
    m_window->actions().manual->trigger();
    QCOMPARE(m_window->manualWindow(), manual);
    // The window fits the screen it opens on.
    QVERIFY(manual->width() <= manual->screen()->availableSize().width());
}

void TestHelp::searchListsPagesAndJumps()
{
    m_window->actions().manual->trigger();
    help::ManualWindow *manual = m_window->manualWindow();
    QVERIFY(manual);
    QTest::keyClicks(manual->searchField(), QStringLiteral("pay-off"));
    QVERIFY(manual->hitList()->isVisibleTo(manual));
    QVERIFY(manual->hitList()->count() >= 2);
    const QString firstHit = manual->hitList()->item(0)->text();
    QVERIFY(!firstHit.isEmpty());
    // Every hit's section holds the word.
    const QList<help::ManualHit> hits = help::searchManual(manual->pages(), QStringLiteral("pay-off"));
    QCOMPARE(hits.size(), manual->hitList()->count());
    for (const help::ManualHit &hit : hits) {
        const help::ManualSection &section = manual->pages()[hit.page].sections[hit.section];
        QVERIFY((section.title + section.text).contains(QStringLiteral("pay-off"), Qt::CaseInsensitive));
    }
    manual->showPage(QStringLiteral("getting-started.md"));
    QTest::keyClick(manual->searchField(), Qt::Key_Return);
    const help::ManualPage &page = manual->pages()[hits.front().page];
    QCOMPARE(manual->currentPage().fileName(), page.fileName);
    QCOMPARE(manual->browser()->textCursor().selectedText().toLower(), QStringLiteral("pay-off"));
    QCOMPARE(manual->browser()->extraSelections().size(), 1);

    // Nothing found says so, and Enter stays where it is.
    manual->searchField()->setText(QStringLiteral("zyxwvut"));
    QCOMPARE(manual->hitList()->count(), 1);
    QVERIFY(!(manual->hitList()->item(0)->flags() & Qt::ItemIsEnabled));
    QVERIFY(!manual->jumpToFirstHit());
    // Two words find the sections that hold both.
    manual->search(QStringLiteral("break-even utilization"));
    QVERIFY(manual->hitList()->count() >= 1);
}

void TestHelp::everyPageIsAResourceWithContents()
{
    const QDir source(QStringLiteral(BREAKEVEN_SOURCE_DIR "/docs/manual"));
    const QStringList onDisk = source.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    QVERIFY(onDisk.size() >= 10);
    const QList<help::ManualPage> pages = help::manualPages();
    QCOMPARE(pages.size(), onDisk.size());
    QCOMPARE(pages.front().fileName, QString::fromLatin1(help::kFirstPage));
    for (const QString &name : onDisk) {
        QFile resource(QStringLiteral(":/manual/") + name);
        QVERIFY2(resource.open(QIODevice::ReadOnly), qPrintable(name));
        QFile file(source.filePath(name));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(resource.readAll(), file.readAll()); // the build carries the pages as they are
    }
    for (const help::ManualPage &page : pages) {
        QVERIFY2(page.title != page.fileName, qPrintable(page.fileName + QStringLiteral(": no title")));
        QVERIFY2(page.sections.size() >= 2, qPrintable(page.fileName));
    }
    // The manual covers every command of the command line.
    const auto commandLine = std::find_if(pages.begin(), pages.end(), [](const help::ManualPage &p) {
        return p.fileName == QLatin1String("command-line.md");
    });
    QVERIFY(commandLine != pages.end());
    QStringList titles;
    for (const help::ManualSection &section : commandLine->sections)
        titles << section.title;
    for (const char *verb : {"new", "compare", "recommend", "risk", "demand", "import", "refresh", "export", "report"})
        QVERIFY2(titles.filter(QRegularExpression(QStringLiteral("^breakeven %1\\b").arg(QLatin1String(verb)))).size() == 1,
                 verb);
}

void TestHelp::everyRelativeLinkResolves()
{
    static const QRegularExpression link(QStringLiteral(R"(\]\(([^)\s]+)\))"));
    const QDir root(QStringLiteral(BREAKEVEN_SOURCE_DIR));
    QStringList files{QStringLiteral("README.md")};
    for (const QString &name : QDir(root.filePath(QStringLiteral("docs/manual"))).entryList({QStringLiteral("*.md")}))
        files << QStringLiteral("docs/manual/") + name;
    int checked = 0;
    for (const QString &name : files) {
        QFile file(root.filePath(name));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        const QDir base = QFileInfo(file.fileName()).dir();
        for (const QRegularExpressionMatch &m : link.globalMatch(text)) {
            const QString target = m.captured(1).section(QLatin1Char('#'), 0, 0);
            if (target.isEmpty() || target.contains(QStringLiteral("://")) || target.startsWith(QStringLiteral("mailto:")))
                continue;
            QVERIFY2(QFileInfo::exists(base.filePath(target)), qPrintable(name + QStringLiteral(": ") + target));
            // In the application the manual's links are followed inside the resources.
            if (name.startsWith(QStringLiteral("docs/manual/")))
                QVERIFY2(QFile::exists(QStringLiteral(":/manual/") + target), qPrintable(name + QStringLiteral(": ") + target));
            ++checked;
        }
    }
    QVERIFY(checked >= 20);
}

void TestHelp::emptyScenarioShowsTheGuide()
{
    ScenarioView *view = m_window->scenarioView();
    QVERIFY(!view->showsGuide()); // the example scenario has options
    m_window->addScenario(QStringLiteral("Nothing yet"));
    QCOMPARE(m_window->session()->current()->scenario.name, QStringLiteral("Nothing yet"));
    QVERIFY(view->showsGuide());
    QVERIFY(view->emptyGuide()->isVisible());
    QVERIFY(!view->chartTabs()->isVisible());
    QVERIFY(view->emptyGuide()->heading()->text().startsWith(QStringLiteral("Describe the work")));
    // A build alone is something to look at: the charts come back.
    m_window->addBuild();
    QVERIFY(!view->showsGuide());
    QVERIFY(view->chartTabs()->isVisible());
    m_window->actions().undo->trigger();
    QVERIFY(view->showsGuide());
}

void TestHelp::guideButtonsTriggerTheActions()
{
    m_window->addScenario(QStringLiteral("Nothing yet"));
    EmptyScenarioGuide *guide = m_window->scenarioView()->emptyGuide();
    using Step = EmptyScenarioGuide::Step;
    const MainWindow::Actions &actions = m_window->actions();
    for (auto [step, action] : {std::pair{Step::AddBuild, actions.addBuild}, std::pair{Step::AddCloudOption, actions.addCloudOption}}) {
        QPushButton *button = guide->button(step);
        QVERIFY(button->isEnabled());
        QSignalSpy triggered(action, &QAction::triggered);
        // The action asks what to start from in a dialog: it opens, and is cancelled.
        bool dialogOpened = false;
        QTimer::singleShot(0, this, [&] {
            if (auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget())) {
                dialogOpened = true;
                dialog->reject();
            }
        });
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(triggered.size(), 1);
        QVERIFY(dialogOpened);
        QVERIFY(m_window->scenarioView()->showsGuide()); // cancelled: still nothing to compare
    }
    QTest::mouseClick(guide->button(Step::EditWorkload), Qt::LeftButton);
    QVERIFY(m_window->scenarioPanel()->workloadEditor()->isVisible());
    QTest::mouseClick(guide->button(Step::OpenManual), Qt::LeftButton);
    QVERIFY(m_window->manualWindow());
    QVERIFY(m_window->manualWindow()->isVisible());
}

void TestHelp::keyControlsHaveWhatsThis()
{
    QCOMPARE(m_window->actions().whatsThis->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F1));
    ScenarioView *view = m_window->scenarioView();
    QVERIFY(!view->utilizationBar()->slider()->whatsThis().isEmpty());
    QVERIFY(!view->utilizationBar()->horizonBox()->whatsThis().isEmpty());
    QVERIFY(!view->resultsView()->whatsThis().isEmpty());
    QVERIFY(!view->pairsView()->whatsThis().isEmpty());
    // The editors explain their key fields.
    const auto explained = [](QWidget *editor) {
        int n = 0;
        for (QWidget *child : editor->findChildren<QWidget *>())
            n += child->whatsThis().isEmpty() ? 0 : 1;
        return n;
    };
    ScenarioPanel *panel = m_window->scenarioPanel();
    QVERIFY2(explained(panel->workloadEditor()) >= 3, "workload editor");
    for (const char *type : {"breakeven::BuildEditor", "breakeven::CloudOptionEditor", "breakeven::ScenarioEditor"}) {
        QWidget *editor = nullptr;
        for (QWidget *w : panel->findChildren<QWidget *>()) {
            if (QLatin1String(w->metaObject()->className()) == QLatin1String(type))
                editor = w;
        }
        QVERIFY2(editor, type);
        QVERIFY2(explained(editor) >= 3, type);
    }
}

QTEST_MAIN(TestHelp)
#include "test_help.moc"
