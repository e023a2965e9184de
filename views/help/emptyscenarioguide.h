// What a scenario with nothing to compare shows instead of an empty chart: the three things to
// describe, and buttons for the next steps that trigger the main window's own actions.
#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QPushButton;

namespace breakeven {

class EmptyScenarioGuide : public QWidget {
    Q_OBJECT
public:
    enum class Step { AddBuild, AddCloudOption, EditWorkload, OpenManual };

    explicit EmptyScenarioGuide(QWidget *parent = nullptr);

    // The button of `step` triggers `action` and is enabled while it is.
    void setAction(Step step, QAction *action);
    QPushButton *button(Step step) const;
    QLabel *heading() const { return m_heading; }

private:
    QLabel *m_heading;
    QPushButton *m_buttons[4];
};

} // namespace breakeven
