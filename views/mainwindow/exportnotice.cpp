#include "exportnotice.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>
#include <QUrl>

namespace breakeven {

ExportNotice::ExportNotice(QWidget *parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_open(new QToolButton(this))
    , m_folder(new QToolButton(this))
    , m_close(new QToolButton(this))
{
    m_open->setText(tr("Open"));
    m_open->setAutoRaise(true);
    m_folder->setText(tr("Show Folder"));
    m_folder->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setAutoRaise(true);
    m_close->setToolTip(tr("Hide this notice"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_label);
    layout->addWidget(m_open);
    layout->addWidget(m_folder);
    layout->addWidget(m_close);
    connect(m_open, &QToolButton::clicked, this,
            [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_path)); });
    connect(m_folder, &QToolButton::clicked, this,
            [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(m_path).absolutePath())); });
    connect(m_close, &QToolButton::clicked, this, &QWidget::hide);
}

void ExportNotice::setPath(const QString &path)
{
    m_path = QFileInfo(path).absoluteFilePath();
    const QString native = QDir::toNativeSeparators(m_path);
    // The name only: a long folder would widen the status bar and with it the window.
    m_label->setText(m_label->fontMetrics().elidedText(tr("Exported %1").arg(QFileInfo(path).fileName()),
                                                       Qt::ElideMiddle, 320));
    m_label->setToolTip(native);
    m_open->setToolTip(tr("Open %1").arg(native));
    m_folder->setToolTip(tr("Show the folder %1").arg(QDir::toNativeSeparators(QFileInfo(m_path).absolutePath())));
}

ExportNotice *ExportNotice::of(QStatusBar *bar)
{
    return bar->findChild<ExportNotice *>(QString(), Qt::FindDirectChildrenOnly);
}

ExportNotice *ExportNotice::show(QStatusBar *bar, const QString &path)
{
    ExportNotice *notice = of(bar);
    if (!notice) {
        notice = new ExportNotice(bar);
        bar->addPermanentWidget(notice);
    }
    notice->setPath(path);
    notice->QWidget::show();
    bar->showMessage(tr("Exported to %1").arg(QDir::toNativeSeparators(notice->path())), 10000);
    return notice;
}

} // namespace breakeven
