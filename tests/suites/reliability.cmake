breakeven_add_test(test_multiprocess SOURCES ${CMAKE_CURRENT_LIST_DIR}/../reliability/test_multiprocess.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../import/sheetfixtures.h)
target_include_directories(test_multiprocess PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../import)
add_dependencies(test_multiprocess breakeven)
