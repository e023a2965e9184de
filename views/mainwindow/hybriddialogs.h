// The dialogs of the second version's scenario actions: Add Hybrid Option (a build of the
// scenario owns the baseline, one of its on-demand or spot cloud options rents the peaks) and
// the summary of a usage file shown before Import Usage applies it. Values only: the window adds
// the result through the command façade.
#pragma once

#include "demand/demandreader.h"
#include "domain.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace breakeven {

class AddHybridDialog : public QDialog {
    Q_OBJECT
public:
    // Why a hybrid option cannot be added to `scenario` (what to add first); empty when it can.
    static QString refusal(const Scenario &scenario);
    // Why a cloud option cannot take a hybrid's bursts; empty when it can (on-demand, spot).
    static QString burstRefusal(const CloudOption &option);

    explicit AddHybridDialog(const Scenario &scenario, QWidget *parent = nullptr);

    int buildIndex() const;  // in scenario.onPremOptions
    int cloudIndex() const;  // in scenario.cloudOptions
    QString name() const;
    std::optional<int> units() const; // null: the engine chooses the cheapest

    QComboBox *buildChoice() const { return m_builds; }
    QComboBox *cloudChoice() const { return m_clouds; }
    QLineEdit *nameEdit() const { return m_name; }
    QRadioButton *cheapestButton() const { return m_cheapest; }
    QRadioButton *fixedButton() const { return m_fixed; }
    QSpinBox *unitsBox() const { return m_units; }

private:
    QString suggestedName() const;
    void follow();

    Scenario m_scenario;
    QComboBox *m_builds;
    QComboBox *m_clouds;
    QLabel *m_cloudNote;
    QLineEdit *m_name;
    QRadioButton *m_cheapest;
    QRadioButton *m_fixed;
    QSpinBox *m_units;
    QDialogButtonBox *m_buttons;
    QString m_lastSuggested;
};

// What a usage file holds, before it becomes the workload's demand profile: its format, rows or
// jobs, steps and span, mean, peak and quantiles, and what N and u become. The step can be chosen
// (15 min, 1 h, 1 day): the file is read again at once.
class UsageSummaryDialog : public QDialog {
    Q_OBJECT
public:
    // `first` is the file as read at `stepHours`; `current` the workload it would replace.
    UsageSummaryDialog(const QString &path, const DemandReading &first, double stepHours, const Workload &current,
                       QWidget *parent = nullptr);

    // The reading Apply applies (the last one that succeeded with the chosen step).
    const std::optional<DemandReading> &reading() const { return m_reading; }
    double stepHours() const;
    WorkloadDemand demand() const;

    QComboBox *stepChoice() const { return m_step; }
    QLabel *summaryLabel() const { return m_summary; }
    QDialogButtonBox *buttons() const { return m_buttons; }

    // The step lengths offered and their names.
    static const std::vector<std::pair<double, QString>> &steps();

private:
    void read();
    void showReading(const DemandReading &reading);

    QString m_path;
    Workload m_current;
    std::optional<DemandReading> m_reading;
    QComboBox *m_step;
    QLabel *m_summary;
    QDialogButtonBox *m_buttons;
};

// "1 h", "15 min", "1 day": a step length in words.
QString stepText(double stepHours);

} // namespace breakeven
