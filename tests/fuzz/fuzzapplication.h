// The QApplication a fuzz target needs for fonts, charts and PDFs: made on first use, offscreen,
// and destroyed with the other static objects when libFuzzer ends the run with exit().
#pragma once

#include <QApplication>
#include <QByteArray>

#include <memory>

namespace breakeven::fuzzing {

inline QApplication &application(char *name)
{
    static int argc = 1;
    static char *argv[] = {name, nullptr};
    static const std::unique_ptr<QApplication> app = [] {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        return std::make_unique<QApplication>(argc, argv);
    }();
    return *app;
}

} // namespace breakeven::fuzzing
