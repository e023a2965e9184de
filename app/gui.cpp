#include "gui.h"

#include "inputerror.h"
#include "mainwindow/mainwindow.h"
#include "store/document.h"

#include <QApplication>
#include <QEvent>
#include <QMessageBox>
#include <QTextStream>
#include <QTimer>
#include <QWindow>

namespace breakeven {

namespace {

// Quits the application once the window it watches has been exposed (shown and painted), for
// `--quit-after-start`: a check that the app starts needs no guessed timeout.
class QuitWhenExposed : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        auto *window = qobject_cast<QWindow *>(watched);
        if (event->type() == QEvent::Expose && window && window->isExposed()) {
            // Queued, so the expose event is handled (and the window painted) first.
            QTimer::singleShot(0, qApp, &QCoreApplication::quit);
            window->removeEventFilter(this);
        }
        return false;
    }
};

} // namespace

int runGui(const QStringList &givenArguments)
{
    QStringList arguments = givenArguments;
    const bool quitAfterStart = arguments.removeAll(QStringLiteral("--quit-after-start")) > 0;
    std::unique_ptr<Document> document;
    try {
        if (!arguments.isEmpty()) {
            try {
                document = Document::openAsAllowed(arguments.first());
            } catch (const InputError &error) {
                QMessageBox::warning(nullptr, QObject::tr("Breakeven"),
                                     QObject::tr("Breakeven could not open this document.\n\n%1").arg(error.message()));
            }
        }
        if (!document)
            document = Document::openOrCreateDefault();
    } catch (const InputError &error) {
        QMessageBox::critical(nullptr, QObject::tr("Breakeven"), error.message());
        return 1;
    }
    MainWindow window(std::move(document));
    QuitWhenExposed quitWhenExposed;
    if (quitAfterStart) {
        window.winId(); // creates the native window, so its expose events can be watched
        window.windowHandle()->installEventFilter(&quitWhenExposed);
    }
    window.show();
    const int status = QApplication::exec();
    if (quitAfterStart && status == 0)
        QTextStream(stdout) << "Breakeven started on " << window.windowFilePath() << '\n';
    return status;
}

} // namespace breakeven
