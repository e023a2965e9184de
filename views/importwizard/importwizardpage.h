// Base of the import wizard's pages: access to the wizard's shared setup.
#pragma once

#include "importwizard.h"

#include <QWizardPage>

namespace breakeven {

class ImportWizardPage : public QWizardPage {
public:
    using QWizardPage::QWizardPage;

protected:
    ImportWizard *importWizard() const { return static_cast<ImportWizard *>(wizard()); }
    ImportSetup &setup() const { return importWizard()->setup(); }
};

} // namespace breakeven
