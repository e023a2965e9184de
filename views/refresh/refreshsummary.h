// The summary a price refresh ends with in the window, like an import's: per source and per
// cloud what was added, updated, left unchanged and skipped (with the skip reasons, counted),
// and every failure named with its reason.
#pragma once

#include "refreshrunner.h"

#include <QString>

#include <vector>

namespace breakeven {

struct RefreshTotals {
    qint64 added = 0;
    qint64 updated = 0;
    qint64 unchanged = 0;
    qint64 skippedRows = 0;
    int sourcesDone = 0;
    int sourcesFailed = 0;
};

RefreshTotals refreshTotals(const std::vector<RefreshResult> &results);
// One line per source's headline, then its clouds; the totals last.
QString refreshSummaryText(const std::vector<RefreshResult> &results);
// A short line for a source's row in the progress list: "123 added, 4 updated, 5 unchanged".
QString refreshResultLine(const RefreshResult &result);

} // namespace breakeven
