breakeven_add_test(test_sheets SOURCES ${CMAKE_CURRENT_LIST_DIR}/../import/test_sheets.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../import/sheetfixtures.h)
breakeven_add_test(test_import_cli SOURCES ${CMAKE_CURRENT_LIST_DIR}/../import/test_import_cli.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../import/sheetfixtures.h)
add_dependencies(test_import_cli breakeven)
breakeven_add_test(test_provenance SOURCES ${CMAKE_CURRENT_LIST_DIR}/../import/test_provenance.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../import/sheetfixtures.h)
breakeven_add_test(test_offerwriter SOURCES ${CMAKE_CURRENT_LIST_DIR}/../import/test_offerwriter.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../import/sheetfixtures.h)
breakeven_add_test(test_providerpath SOURCES ${CMAKE_CURRENT_LIST_DIR}/../import/test_providerpath.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../import/sheetfixtures.h)
breakeven_add_test(test_keptprices SOURCES ${CMAKE_CURRENT_LIST_DIR}/../import/test_keptprices.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../import/sheetfixtures.h)
