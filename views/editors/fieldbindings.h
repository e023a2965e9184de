// Ties the widgets of an editor to the fields of the object it edits. A user change produces
// a copy of the object with that one field changed, handed to `Push` with the field's key and
// label (the editor hands it to the command façade); a number being typed is handed to
// `Preview` on every keystroke and to `Push` once when the edit is finished. show() puts the
// document's value back into every widget without emitting anything.
#pragma once

#include "gpuchoice.h"
#include "numberfield.h"
#include "exchange/jsonfields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>

#include <functional>
#include <memory>
#include <vector>

namespace breakeven {

template <typename T>
class FieldBindings {
public:
    using Push = std::function<void(const QString &key, const QString &label, const T &after)>;
    using Preview = std::function<void(const T &after)>;

    explicit FieldBindings(Push push, Preview preview = {})
        : m_push(std::move(push))
        , m_preview(std::move(preview))
    {
    }

    const T &value() const { return m_value; }

    // Called with every number field bound after it and the field's key: the editors put a
    // range's "±" beside each field a range can be put on (rangebuttons.h).
    void decorateNumbers(std::function<void(NumberField *, const QString &key)> decorate)
    {
        m_decorate = std::move(decorate);
    }

    void show(const T &value)
    {
        m_value = value;
        for (const auto &refresh : m_refresh)
            refresh(value);
    }

    void number(NumberField *field, const QString &key, const QString &label,
                std::function<double(const T &)> get, std::function<void(T &, double)> set)
    {
        QObject::connect(field, &NumberField::valueEdited, field, [this, set](double v) {
            if (!m_preview)
                return;
            T after = m_value;
            set(after, v);
            m_preview(after);
        });
        QObject::connect(field, &NumberField::valueCommitted, field, [this, key, label, set](double v) {
            T after = m_value;
            set(after, v);
            m_push(key, label, after);
        });
        m_refresh.push_back([field, get](const T &value) { field->setValue(get(value)); });
        if (m_decorate)
            m_decorate(field, key);
    }

    void text(QLineEdit *edit, const QString &key, const QString &label, std::function<QString(const T &)> get,
              std::function<void(T &, const QString &)> set)
    {
        // The limits of the scenario format (scenario/jsonfields.h), so an edit never makes a
        // scenario the format refuses.
        edit->setMaxLength(int(key == QLatin1String("name") ? json::kMaxNameLength : json::kMaxTextLength));
        // A name is saved once, when its edit is finished (Enter, leaving the field), like a
        // number; Escape puts the saved one back.
        QObject::connect(edit, &QLineEdit::editingFinished, edit, [this, edit, key, label, set] {
            T after = m_value;
            set(after, edit->text().trimmed());
            m_push(key, label, after);
        });
        m_escape.push_back(std::make_unique<EscapeFilter>(edit, [this, edit, get] { edit->setText(get(m_value)); }));
        m_refresh.push_back([edit, get](const T &value) {
            const QString text = get(value);
            if (edit->text().trimmed() != text)
                edit->setText(text);
        });
    }

    // The combo box's item data is the stored value.
    void choice(QComboBox *box, const QString &key, const QString &label, std::function<QVariant(const T &)> get,
                std::function<void(T &, const QVariant &)> set)
    {
        QObject::connect(box, &QComboBox::activated, box, [this, box, key, label, set](int index) {
            T after = m_value;
            set(after, box->itemData(index));
            m_push(key, label, after);
        });
        m_refresh.push_back([box, get](const T &value) {
            if (auto *gpus = qobject_cast<GpuChoice *>(box)) {
                gpus->select(get(value).toString());
                return;
            }
            const QSignalBlocker blocker(box);
            box->setCurrentIndex(box->findData(get(value)));
        });
    }

    void check(QCheckBox *box, const QString &key, const QString &label, std::function<bool(const T &)> get,
               std::function<void(T &, bool)> set)
    {
        QObject::connect(box, &QCheckBox::clicked, box, [this, key, label, set](bool on) {
            T after = m_value;
            set(after, on);
            m_push(key, label, after);
        });
        m_refresh.push_back([box, get](const T &value) {
            const QSignalBlocker blocker(box);
            box->setChecked(get(value));
        });
    }

private:
    // Escape in a line edit puts back the value last shown.
    class EscapeFilter : public QObject {
    public:
        EscapeFilter(QLineEdit *edit, std::function<void()> restore)
            : m_restore(std::move(restore))
        {
            edit->installEventFilter(this);
        }

    protected:
        bool eventFilter(QObject *watched, QEvent *event) override
        {
            if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
                m_restore();
                return true;
            }
            return QObject::eventFilter(watched, event);
        }

    private:
        std::function<void()> m_restore;
    };

    Push m_push;
    std::function<void(NumberField *, const QString &)> m_decorate;
    std::vector<std::unique_ptr<EscapeFilter>> m_escape;
    Preview m_preview;
    T m_value{};
    std::vector<std::function<void(const T &)>> m_refresh;
};

} // namespace breakeven
