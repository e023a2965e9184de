#include "scenarioproblem.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace breakeven {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ScenarioProblem", text);
}

// "electricityPerKWh" → "electricity per kWh", "gpu" → "GPU": a field's name as words.
QString words(const QString &field)
{
    if (field.compare(QLatin1String("gpu"), Qt::CaseInsensitive) == 0)
        return QStringLiteral("GPU");
    QString out;
    for (qsizetype i = 0; i < field.size(); ++i) {
        const QChar c = field.at(i);
        const bool boundary = c.isUpper() && i > 0 && !(field.at(i - 1).isUpper());
        if (boundary)
            out += u' ';
        out += boundary && !(i + 1 < field.size() && field.at(i + 1).isUpper()) ? c.toLower() : c;
    }
    return out.replace(QStringLiteral("k wh"), QStringLiteral("kWh"), Qt::CaseInsensitive)
        .replace(QStringLiteral("gpu"), QStringLiteral("GPU"), Qt::CaseInsensitive);
}

} // namespace

ScenarioProblem describeProblem(const Scenario &s, const QString &where, const QString &reason)
{
    ScenarioProblem p;
    static const QRegularExpression part(QStringLiteral(R"(^(onPremOptions|cloudOptions)\[(\d+)\](?:\.(\w+))?)"));
    const auto match = part.match(where);
    static const QRegularExpression rate(QStringLiteral(R"(no exchange rate from (\w+) to (\w+))"));
    const auto missingRate = rate.match(reason);
    if (match.hasMatch()) {
        const bool build = match.captured(1) == QLatin1String("onPremOptions");
        p.position = match.captured(2).toInt();
        const QString field = match.captured(3);
        QString name;
        if (build && p.position < int(s.onPremOptions.size()))
            name = s.onPremOptions[std::size_t(p.position)].name;
        else if (!build && p.position < int(s.cloudOptions.size()))
            name = s.cloudOptions[std::size_t(p.position)].name;
        const QString what = (build ? tr("The on-prem build “%1”") : tr("The cloud option “%1”")).arg(name);
        if (missingRate.hasMatch()) {
            p.place = ScenarioProblem::Place::Settings;
            p.text = tr("%1 is priced in %2, and the scenario has no exchange rate from %2 to %3: enter what one %2 "
                        "is worth in %3 in the scenario's settings.")
                         .arg(what, missingRate.captured(1), missingRate.captured(2));
            p.action = tr("Open the Scenario's Settings");
            return p;
        }
        p.place = build ? ScenarioProblem::Place::Build : ScenarioProblem::Place::CloudOption;
        p.text = field.isEmpty() ? tr("%1: %2.").arg(what, reason) : tr("%1, %2: %3.").arg(what, words(field), reason);
        p.action = build ? tr("Open the Build") : tr("Open the Cloud Option");
        return p;
    }
    if (where.startsWith(QLatin1String("workload"))) {
        p.place = ScenarioProblem::Place::Workload;
        const QString field = where.section(u'.', 1);
        p.text = field.isEmpty() ? tr("The workload: %1.").arg(reason) : tr("The workload, %1: %2.").arg(words(field), reason);
        p.action = tr("Open the Workload");
        return p;
    }
    p.place = ScenarioProblem::Place::Settings;
    const QString field = where.section(u'.', 0, 0).section(u'[', 0, 0);
    p.text = field.isEmpty() ? tr("The scenario: %1.").arg(reason)
                             : tr("The scenario's %1: %2.").arg(words(field), reason);
    p.action = tr("Open the Scenario's Settings");
    return p;
}

} // namespace breakeven
