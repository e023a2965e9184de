// The parts list of an on-prem build: name, unit price and quantity per row, with add, remove
// and reorder. Each change is its own undo command on the component's row id, so that editing
// one part never rewrites the others.
#pragma once

#include "store/scenariorepository.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace breakeven {

class DocumentContext;

class ComponentList : public QWidget {
    Q_OBJECT
public:
    explicit ComponentList(DocumentContext &context, QWidget *parent = nullptr);

    // Shows build `index` of `stored`.
    void setBuild(const StoredScenario &stored, int index);

    QTableWidget *table() const { return m_table; }
    QLabel *hintLabel() const { return m_hint; }

public slots:
    void addComponent();
    void removeSelected();
    void moveSelected(int delta);

private:
    void onItemChanged(QTableWidgetItem *item);
    void showHint(const QString &reason);
    int selectedRow() const;

    DocumentContext &m_context;
    qint64 m_scenarioId = 0;
    qint64 m_buildId = 0;
    OnPremBuild m_build;
    std::vector<qint64> m_ids;
    QTableWidget *m_table;
    QLabel *m_total;
    QLabel *m_hint;
    QPushButton *m_remove;
    QPushButton *m_up;
    QPushButton *m_down;
};

} // namespace breakeven
