// What Add API Option… starts from: an API offer of the document's catalog (the bundled price list,
// pricing-db/api-offers.csv, and what sheets of API prices brought in), found by searching and
// sorting a table of provider, model, the model it serves and its prices per million tokens; at
// first only the offers serving the workload's model (or one of its size), when it serves one.
// Values only: the window adds the result through the command façade.
#pragma once

#include "catalog/apioffers.h"

#include <QDialog>

#include <optional>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace breakeven {

class AddApiOptionDialog : public QDialog {
    Q_OBJECT
public:
    enum Column { Provider, Model, Serves, Input, Output, Currency, ColumnCount };

    AddApiOptionDialog(const Scenario &scenario, const std::vector<ApiOffer> &offers, QWidget *parent = nullptr);

    // The chosen offer as an API option, named apart from the scenario's others; none when no row is chosen.
    std::optional<ApiOption> option() const;

    QLineEdit *searchField() const { return m_search; }
    QTableView *view() const { return m_view; }
    // Checked: only offers serving the workload's model (or a model of its size).
    QCheckBox *workloadModelOnly() const { return m_sameModel; }

private:
    void filter();
    void showChoice();
    const ApiOffer *chosen() const;

    Scenario m_scenario;
    std::vector<ApiOffer> m_offers;
    std::vector<bool> m_servesWorkload; // per offer
    QStandardItemModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_search;
    QCheckBox *m_sameModel;
    QTableView *m_view;
    QLabel *m_note;
    QPushButton *m_add = nullptr;
};

} // namespace breakeven
