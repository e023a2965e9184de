// The command-line verbs (compare, recommend, risk, demand, export, report, import, refresh, new, throughput): one function each; each throws
// UsageError or InputError and returns the exit status.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace breakeven::cli {

int runCompare(const QStringList &arguments, QTextStream &out);
int runNew(const QStringList &arguments, QTextStream &out);
int runImport(const QStringList &arguments, QTextStream &out);
int runRefresh(const QStringList &arguments, QTextStream &out);
int runExport(const QStringList &arguments, QTextStream &out);
int runReport(const QStringList &arguments, QTextStream &out);
int runRecommend(const QStringList &arguments, QTextStream &out);
int runRisk(const QStringList &arguments, QTextStream &out);
int runDemand(const QStringList &arguments, QTextStream &out);
int runThroughput(const QStringList &arguments, QTextStream &out);

} // namespace breakeven::cli
