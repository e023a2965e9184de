// A Breakeven document: one SQLite file holding the catalog and any number of scenarios.
// Every edit is committed when the repository call returns; there is no "save", only Save As.
// Errors are InputError naming the file; nothing here talks to the user.
#pragma once

#include "apiofferrepository.h"
#include "catalogrepository.h"
#include "connection.h"
#include "scenariorepository.h"
#include "settingsrepository.h"

#include <QString>
#include <memory>

namespace breakeven {

class Document {
public:
    // A new document seeded from the bundled catalog (GPU models, aliases, offers) and the
    // bundled example scenarios. Fails when `path` exists. The file appears complete or not
    // at all: it is built under a temporary name and renamed into place.
    static std::unique_ptr<Document> create(const QString &path);
    // Opens an existing document after the checks of checkDocumentFile(), upgrading an older
    // schema; a refused file is left untouched.
    static std::unique_ptr<Document> open(const QString &path);
    // Opens an existing document for reading only (compare, export, report, dry runs): no write
    // lock is taken and nothing is written, side files included; see Access::ReadOnly. Writes
    // through it fail with "cannot be written".
    static std::unique_ptr<Document> openReadOnly(const QString &path);
    // What the window opens: open() when the file and its folder may be written, else
    // openReadOnly(), so that a read-only document can still be looked at (and saved as a copy).
    static std::unique_ptr<Document> openAsAllowed(const QString &path);
    // A private copy in memory of the document at `path`, read as openReadOnly() reads it: edits
    // and imports into it work and are thrown away with it (dry runs). path() is the file's.
    static std::unique_ptr<Document> openCopyInMemory(const QString &path);
    // A new document in memory, seeded like create(): what a dry run imports into when the
    // document it names does not exist yet. `path` is only the name errors give.
    static std::unique_ptr<Document> createInMemory(const QString &path);
    // The document of the first start: defaultPath(), created when missing.
    static std::unique_ptr<Document> openOrCreateDefault();
    static QString defaultPath();

    ~Document();
    Document(const Document &) = delete;
    Document &operator=(const Document &) = delete;

    const QString &path() const { return m_connection->path(); }
    bool isReadOnly() const { return m_readOnly; }

    // Writes a consistent copy through the SQLite backup API, replacing `newPath` if it exists.
    void saveCopy(const QString &newPath);
    // saveCopy(), then continues in the copy: path() becomes `newPath`. The repositories stay
    // valid; a transaction must not be open.
    void saveAs(const QString &newPath);

    ScenarioRepository &scenarios() { return m_scenarios; }
    CatalogRepository &catalog() { return m_catalog; }
    // The models served per token the document lists beside its cloud offers (schema 17).
    ApiOfferRepository &apiOffers() { return m_apiOffers; }
    SettingsRepository &settings() { return m_settings; }
    // For transactions spanning several repository calls (an import) and for tests.
    Connection &connection() { return *m_connection; }

private:
    explicit Document(std::unique_ptr<Connection> connection);

    std::unique_ptr<Connection> m_connection;
    bool m_readOnly = false;
    ScenarioRepository m_scenarios;
    CatalogRepository m_catalog;
    ApiOfferRepository m_apiOffers;
    SettingsRepository m_settings;
};

} // namespace breakeven
