breakeven_add_test(test_sheets SOURCES ${CMAKE_CURRENT_LIST_DIR}/../sheets/test_sheets.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../sheets/sheetfixtures.h)
breakeven_add_test(test_import_cli SOURCES ${CMAKE_CURRENT_LIST_DIR}/../sheets/test_import_cli.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../sheets/sheetfixtures.h)
add_dependencies(test_import_cli breakeven)
breakeven_add_test(test_provenance SOURCES ${CMAKE_CURRENT_LIST_DIR}/../sheets/test_provenance.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../sheets/sheetfixtures.h)
breakeven_add_test(test_offerwriter SOURCES ${CMAKE_CURRENT_LIST_DIR}/../sheets/test_offerwriter.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../sheets/sheetfixtures.h)
