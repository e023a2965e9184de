// Helpers shared by the sheet import suites: fixture paths, fresh documents in a temporary
// folder, offer lookup by key, and a SkyPilot-format sheet generator for the large cases.
#pragma once

#include "../support/testsupport.h"
#include "skypilotsheet.h"
#include "import/sheetimporter.h"
#include "store/document.h"

#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QTextStream>

#include <memory>
#include <optional>

namespace sheetfixtures {

using testsupport::Run;
using testsupport::runBreakeven;

inline QString fixture(const QString &name)
{
    return QStringLiteral(BREAKEVEN_TEST_DATA "/sheets/") + name;
}

inline std::unique_ptr<breakeven::Document> newDocument(const QTemporaryDir &dir, const QString &name = QStringLiteral("test.breakeven"))
{
    return breakeven::Document::create(dir.filePath(name));
}

inline std::optional<breakeven::StoredOffer> findOffer(breakeven::Document &document, const QString &provider,
                                                       const QString &instanceType, const QString &region)
{
    breakeven::OfferFilter filter;
    filter.provider = provider;
    filter.region = region;
    for (const breakeven::StoredOffer &stored : document.catalog().offers(
             filter, breakeven::OfferColumn::InstanceType, Qt::AscendingOrder, 0, 100000))
        if (stored.offer.instanceType == instanceType)
            return stored;
    return std::nullopt;
}

inline const breakeven::RowReport *rowAt(const breakeven::ImportReport &report, qint64 line)
{
    for (const breakeven::RowReport &row : report.rows)
        if (row.line == line)
            return &row;
    return nullptr;
}

inline QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return hash.result().toHex();
}

} // namespace sheetfixtures
