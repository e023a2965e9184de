// A one-line label for names of any length: it asks for no width of its own, shows its text
// elided where the names differ (in the middle by default: options often share a long prefix and
// differ at the end), and says the whole text in its tooltip. A 200-character option name then
// never widens the dock or the window that holds it.
#pragma once

#include <QLabel>

namespace breakeven {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr, Qt::TextElideMode mode = Qt::ElideMiddle);

    // The whole text; text() is what is shown, elided to the label's width.
    void setFullText(const QString &text);
    QString fullText() const { return m_fullText; }

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void elide();

    QString m_fullText;
    Qt::TextElideMode m_mode;
};

} // namespace breakeven
