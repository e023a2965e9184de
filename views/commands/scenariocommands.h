// Commands on whole scenarios: add (also import), duplicate, rename, remove. Scenarios are
// addressed by name, which the document keeps unique.
#pragma once

#include "documentcommand.h"

#include "domain.h"

#include <optional>

namespace breakeven {

class AddScenarioCommand : public DocumentCommand {
public:
    AddScenarioCommand(DocumentContext &context, Scenario scenario, const QString &text);

protected:
    void apply() override;
    void revert() override;
    void notifyChanged(bool forward) override;

private:
    Scenario m_scenario;
    qint64 m_id = 0;
};

class DuplicateScenarioCommand : public DocumentCommand {
public:
    DuplicateScenarioCommand(DocumentContext &context, QString name, QString copyName);

protected:
    void apply() override;
    void revert() override;
    void notifyChanged(bool forward) override;

private:
    QString m_name;
    QString m_copyName;
    qint64 m_id = 0;
};

class RenameScenarioCommand : public DocumentCommand {
public:
    RenameScenarioCommand(DocumentContext &context, QString name, QString newName);

protected:
    void apply() override;
    void revert() override;
    void notifyChanged(bool forward) override;

private:
    QString m_name;
    QString m_newName;
};

class RemoveScenarioCommand : public DocumentCommand {
public:
    RemoveScenarioCommand(DocumentContext &context, QString name);

protected:
    void apply() override;
    void revert() override;
    void notifyChanged(bool forward) override;

private:
    QString m_name;
    std::optional<StoredScenario> m_removed;
};

// "name (2)", "name (3)", ... the first that `taken` does not contain; `name` itself if free.
QString uniqueScenarioName(const QString &name, const QStringList &taken);

} // namespace breakeven
