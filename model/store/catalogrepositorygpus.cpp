// The document's GPU catalog as one GpuCatalog (models, aliases and the FP8 and FP4 rates of
// schema 18), and the rates written.
#include "catalogrepository.h"
#include "changerecorder.h"
#include "connection.h"
#include "rows.h"

namespace breakeven {

GpuCatalog CatalogRepository::gpuCatalog()
{
    return m_connection.read([&] {
        GpuCatalog catalog;
        for (const GpuModel &model : gpuModels())
            catalog.add(model);
        auto query = m_connection.statement("SELECT alias, name FROM gpu_aliases JOIN gpu_models "
                                            "ON gpu_models.id = gpu_aliases.gpu_id");
        while (query->executeStep())
            catalog.addAlias(textColumn(*query, 0), textColumn(*query, 1));
        auto rates = m_connection.statement(
            "SELECT name, fp8_tflops, fp4_tflops FROM gpu_models WHERE fp8_tflops > 0 OR fp4_tflops > 0");
        while (rates->executeStep())
            catalog.setLowPrecisionTflops(textColumn(*rates, 0), {rows::real(*rates, 1), rows::real(*rates, 2)});
        return catalog;
    });
}

void CatalogRepository::setLowPrecisionTflops(const QString &gpuName, const GpuCatalog::LowPrecisionTflops &rates)
{
    m_connection.write([&] {
        catalogChanged();
        auto update = m_connection.statement("UPDATE gpu_models SET fp8_tflops = ?, fp4_tflops = ? WHERE key = ?");
        update->bind(1, rates.fp8);
        update->bind(2, rates.fp4);
        update->bind(3, utf8(GpuCatalog::normalized(gpuName)));
        update->exec();
    });
}

} // namespace breakeven
