# The SQLite document: files and their checks, scenarios, catalog.
breakeven_add_test(test_store SOURCES ${CMAKE_CURRENT_LIST_DIR}/../store/test_store.cpp)
breakeven_add_test(test_scenariostore SOURCES ${CMAKE_CURRENT_LIST_DIR}/../store/test_scenariostore.cpp)
breakeven_add_test(test_catalogstore SOURCES ${CMAKE_CURRENT_LIST_DIR}/../store/test_catalogstore.cpp)
breakeven_add_test(test_documentfiles SOURCES ${CMAKE_CURRENT_LIST_DIR}/../store/test_documentfiles.cpp)
breakeven_add_test(test_scenarioexchange SOURCES ${CMAKE_CURRENT_LIST_DIR}/../store/test_scenarioexchange.cpp)
breakeven_add_test(test_demandhybridstore SOURCES ${CMAKE_CURRENT_LIST_DIR}/../store/test_demandhybridstore.cpp)
