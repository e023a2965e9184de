// The columns of a results table that the user chooses: right-click the header to hide or show
// any column but the first, as in a file manager's detail view; the choice is kept between
// sessions.
#pragma once

#include <QString>

class QTableView;

namespace breakeven {

// Gives the table's header a menu of its columns (the first, which names the row, always shown)
// and hides those hidden when the key was last saved. Call once the model is set.
void offerColumnChoice(QTableView *table, const QString &settingsKey);
// Shows every column again and forgets the choice (View › Reset Layout).
void showAllColumns(QTableView *table, const QString &settingsKey);

} // namespace breakeven
