// Paying for it in the window (docs/model.md, "Paying for it"): the build editor's "Paid by"
// section and the scenario's taxes, each change one undo step kept in the document, the rows a
// method needs shown, the presets with their sources, and the results after tax.
#include "editors/buildeditor.h"
#include "editors/numberfield.h"
#include "editors/payingrows.h"
#include "editors/presetbox.h"
#include "editors/scenarioeditor.h"
#include "engine/costmodel.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/scenariopanel.h"
#include "scenarioview/pairsmodel.h"
#include "scenarioview/scenarioview.h"
#include "session/scenariosession.h"
#include "store/document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace breakeven;
using Node = ScenarioTreeModel::Node;

class TestPayingEditors : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void aBuildIsPaidByLoanOrLease();
    void taxesMakeEveryFigureAfterTax();
    void apiPricesHaveASourcedPreset();

private:
    Scenario reopened() const
    {
        return Document::open(m_path)->scenarios().loadStored(m_window->currentScenarioId()).scenario;
    }
    static void choose(QComboBox *box, int index)
    {
        QVERIFY(index >= 0);
        box->setCurrentIndex(index);
        emit box->activated(index);
    }
    static bool rowShown(QWidget *field)
    {
        auto *form = qobject_cast<QFormLayout *>(field->parentWidget()->layout());
        return form ? form->isRowVisible(field) : field->isVisible();
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    std::unique_ptr<MainWindow> m_window;
};

void TestPayingEditors::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_payingeditors"));
    QSettings().clear();
}

void TestPayingEditors::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("paying.breakeven"));
    Document::create(m_path);
    m_window = std::make_unique<MainWindow>(Document::open(m_path));
    m_window->setMessageHandler([](const QString &, const QString &) {});
    m_window->resize(1400, 900);
    m_window->show();
}

void TestPayingEditors::cleanup()
{
    m_window.reset();
    m_dir.reset();
}

// Cash to a loan, the loan preset, a lease with a buy-out; each one undo step; the rows follow
// the method and the note says the payments in words.
void TestPayingEditors::aBuildIsPaidByLoanOrLease()
{
    Scenario s = reopened();
    QVERIFY(!s.onPremOptions.empty());
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Build, Document::open(m_path)->scenarios().loadStored(m_window->currentScenarioId()).ids.builds.front());
    FinancingRows *rows = panel->buildEditor()->financing();
    QVERIFY(rows);
    QVERIFY(s.onPremOptions.front().financing == Financing{});
    QVERIFY(!rowShown(rows->rateField()));
    QVERIFY(!rowShown(rows->leasePaymentField()));

    QUndoStack *stack = m_window->undoStack();
    const int before = stack->index();
    choose(rows->methodChoice(), rows->methodChoice()->findData(QStringLiteral("loan")));
    QCOMPARE(stack->index(), before + 1);
    QVERIFY(reopened().onPremOptions.front().financing.method == FinancingMethod::Loan);
    QVERIFY(rowShown(rows->rateField()));
    QVERIFY(rowShown(rows->downPaymentField()));
    QVERIFY(!rowShown(rows->leasePaymentField()));

    // The equipment loan preset: 9 % over 36 months, a tenth down, with its source as tooltip.
    const int loanPreset = rows->presetChoice()->findText(QStringLiteral("Equipment loan"), Qt::MatchStartsWith);
    QVERIFY(loanPreset > 0);
    QVERIFY(rows->presetChoice()->itemData(loanPreset, Qt::ToolTipRole).toString().contains(QStringLiteral("https://")));
    choose(rows->presetChoice(), loanPreset);
    const Financing loan = reopened().onPremOptions.front().financing;
    QCOMPARE(loan.annualRate, 0.09);
    QCOMPARE(loan.termMonths, 36);
    QCOMPARE(loan.downPayment, 0.10);
    QCOMPARE(rows->presetChoice()->currentIndex(), loanPreset);
    QVERIFY2(rows->note()->text().contains(QStringLiteral("36 payments")), qPrintable(rows->note()->text()));
    QVERIFY(rows->note()->text().contains(QStringLiteral("of interest")));
    // The interest is in the breakdown.
    const CostModel *model = m_window->scenarioView()->costModel();
    QVERIFY(model);
    QVERIFY(model->breakdown(0, 0.5)[std::size_t(CostComponent::Interest)] > 0);

    // The lease with a 10 % buy-out: the payment follows the build's price.
    const int leasePreset = rows->presetChoice()->findText(QStringLiteral("Lease with 10 % buy-out"), Qt::MatchStartsWith);
    QVERIFY(leasePreset > 0);
    choose(rows->presetChoice(), leasePreset);
    const OnPremBuild leased = reopened().onPremOptions.front();
    QVERIFY(leased.financing.method == FinancingMethod::Lease);
    QVERIFY(leased.financing.buyout && *leased.financing.buyout == 0.10);
    QVERIFY(std::abs(leased.financing.paymentPerMonth - 0.032 * leased.hardwarePrice()) < 1e-6);
    QVERIFY(rowShown(rows->leasePaymentField()));
    QVERIFY(!rowShown(rows->rateField()));
    QVERIFY(rows->buyoutCheck()->isChecked());
    QVERIFY2(rows->note()->text().contains(QStringLiteral("owned")), qPrintable(rows->note()->text()));
    QVERIFY(m_window->scenarioView()->costModel()->breakdown(0, 0.5)[std::size_t(CostComponent::LeasePayments)] > 0);

    // Without the buy-out a new lease follows each term.
    rows->buyoutCheck()->click();
    QVERIFY(!reopened().onPremOptions.front().financing.buyout);
    QVERIFY(rows->note()->text().contains(QStringLiteral("never owned")));

    // Undo goes back step by step to cash.
    while (stack->index() > before)
        stack->undo();
    QVERIFY(reopened().onPremOptions.front().financing == Financing{});
    QVERIFY(!rowShown(rows->rateField()));
}

// Taxes on: every figure after tax, the preset's rate and method kept, the NPV, IRR and discounted
// payback in Every pair; off again by one click.
void TestPayingEditors::taxesMakeEveryFigureAfterTax()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Scenario, m_window->currentScenarioId());
    TaxRows *taxes = panel->scenarioEditor()->taxes();
    QVERIFY(taxes);
    QVERIFY(!reopened().tax);
    QVERIFY(!rowShown(taxes->rateField()));
    const double before = m_window->scenarioView()->costModel()->tcoFixed(0);

    const int macrs = taxes->presetChoice()->findText(QStringLiteral("US federal, 21 %, MACRS"), Qt::MatchStartsWith);
    QVERIFY(macrs > 0);
    choose(taxes->presetChoice(), macrs);
    const Scenario taxed = reopened();
    QVERIFY(taxed.tax);
    QCOMPARE(taxed.tax->rate, 0.21);
    QVERIFY(taxed.tax->depreciation == DepreciationMethod::Macrs5);
    QVERIFY(taxes->taxedCheck()->isChecked());
    QVERIFY(rowShown(taxes->rateField()));
    QVERIFY(!rowShown(taxes->yearsField())); // the period is MACRS's own
    const CostModel *model = m_window->scenarioView()->costModel();
    QVERIFY(model->input().tax);
    QVERIFY(model->tcoFixed(0) < before);
    QVERIFY(model->breakdown(0, 0.5)[std::size_t(CostComponent::TaxSavings)] < 0);

    ScenarioView *view = m_window->scenarioView();
    view->resultTabs()->setCurrentWidget(view->pairsView());
    PairsModel *pairs = view->pairsModel();
    QVERIFY(pairs->rowCount() > 0);
    QCOMPARE(pairs->headerData(PairsModel::Payback, Qt::Horizontal).toString(), QStringLiteral("Discounted payback"));
    QVERIFY(!pairs->data(pairs->index(0, PairsModel::Payback)).toString().isEmpty());

    const int straight = taxes->depreciationChoice()->findData(QStringLiteral("straight-line"));
    choose(taxes->depreciationChoice(), straight);
    QVERIFY(reopened().tax->depreciation == DepreciationMethod::StraightLine);
    QVERIFY(rowShown(taxes->yearsField()));

    taxes->taxedCheck()->click();
    QVERIFY(!reopened().tax);
    QVERIFY(!rowShown(taxes->rateField()));
}

// The scenario's yearly change of API prices has its market preset, with the source as tooltip,
// and choosing it is one undo step kept in the document.
void TestPayingEditors::apiPricesHaveASourcedPreset()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Scenario, m_window->currentScenarioId());
    ScenarioEditor *editor = panel->scenarioEditor();
    QComboBox *presets = editor->apiPricePresets();
    QVERIFY(presets);
    const int fall = presets->findText(QStringLiteral("LLM inference"), Qt::MatchStartsWith);
    QVERIFY(fall > 0);
    QVERIFY(presets->itemData(fall, Qt::ToolTipRole).toString().contains(QStringLiteral("a16z")));
    choose(presets, fall);
    QCOMPARE(reopened().apiPriceChangePerYear, -0.90);
    m_window->undoStack()->undo();
    QCOMPARE(reopened().apiPriceChangePerYear, 0.0);
}

QTEST_MAIN(TestPayingEditors)
#include "test_payingeditors.moc"
