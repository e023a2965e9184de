// The preview's "Unknown GPU names": each GPU name of the sheet the catalog does not know, with
// its rows, and a choice of the document's GPU models to read it as. "(skip these rows)" is the
// default; a chosen model becomes an alias saved in the document with the import.
#pragma once

#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

class QComboBox;
class QLabel;
class QTableWidget;

namespace breakeven {

class UnknownGpuPanel : public QWidget {
    Q_OBJECT
public:
    explicit UnknownGpuPanel(QWidget *parent = nullptr);

    // `names`: each unknown name with its rows; `models`: the catalog's GPU names to offer;
    // `mappings`: the names already mapped (sheet name, model).
    void setNames(const std::vector<std::pair<QString, qint64>> &names, const QStringList &models,
                  const std::vector<std::pair<QString, QString>> &mappings);
    // The names mapped to a model, in the order listed.
    std::vector<std::pair<QString, QString>> mappings() const;

    int nameCount() const;
    QString name(int row) const;
    qint64 rowCount(int row) const;
    QComboBox *modelBox(int row) const;
    QTableWidget *table() const { return m_table; }

signals:
    // A name was mapped to a model or back to "(skip these rows)".
    void mappingChanged();

private:
    QTableWidget *m_table;
    QLabel *m_note;
};

} // namespace breakeven
