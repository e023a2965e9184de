// Column lists and the binding and reading of domain types to and from table rows, shared by the
// repositories so that each type is mapped in exactly one place.
#pragma once

#include "domain.h"

#include <SQLiteCpp/Statement.h>

#include <string>

namespace breakeven::rows {

// Column lists in binding order; "first" arguments below are 1-based parameter indexes for
// bind* and 0-based result columns for read*.
extern const std::string kGpuColumns;          // 16 columns
extern const std::string kCloudOptionColumns;  // 16 columns
extern const std::string kBuildColumns;        // 18 columns
extern const std::string kWorkloadColumns;     // 10 columns
extern const std::string kComponentColumns;    // 3 columns
extern const std::string kOfferColumns;        // 16 columns

inline constexpr int kGpuColumnCount = 16;
inline constexpr int kCloudOptionColumnCount = 16;
inline constexpr int kBuildColumnCount = 18;
inline constexpr int kWorkloadColumnCount = 10;
inline constexpr int kComponentColumnCount = 3;
inline constexpr int kOfferColumnCount = 16;

// "?, ?, ?" with `count` placeholders.
std::string placeholders(int count);
// "a = ?, b = ?" for an UPDATE of the columns in `columns`.
std::string assignments(const std::string &columns);

void bindGpu(SQLite::Statement &statement, int first, const GpuModel &gpu);
GpuModel readGpu(const SQLite::Statement &statement, int first);

void bindCloudOption(SQLite::Statement &statement, int first, const CloudOption &option);
CloudOption readCloudOption(const SQLite::Statement &statement, int first);

void bindBuild(SQLite::Statement &statement, int first, const OnPremBuild &build);
OnPremBuild readBuild(const SQLite::Statement &statement, int first); // without components

void bindWorkload(SQLite::Statement &statement, int first, const Workload &workload);
Workload readWorkload(const SQLite::Statement &statement, int first);

void bindComponent(SQLite::Statement &statement, int first, const Component &component);
Component readComponent(const SQLite::Statement &statement, int first);

void bindOffer(SQLite::Statement &statement, int first, const CloudOffer &offer);
CloudOffer readOffer(const SQLite::Statement &statement, int first);

// Throws the exception Connection turns into "damaged: ..." for a value no version of
// Breakeven writes (a document is untrusted input, CHECK constraints can be edited out).
[[noreturn]] void damaged(const QString &what);

} // namespace breakeven::rows
