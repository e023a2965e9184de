#include "gui.h"

#include "inputerror.h"
#include "mainwindow/mainwindow.h"
#include "store/document.h"

#include <QApplication>
#include <QMessageBox>

namespace breakeven {

int runGui(const QStringList &arguments)
{
    std::unique_ptr<Document> document;
    try {
        if (!arguments.isEmpty()) {
            try {
                document = Document::open(arguments.first());
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
    window.show();
    return QApplication::exec();
}

} // namespace breakeven
