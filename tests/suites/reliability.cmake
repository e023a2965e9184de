breakeven_add_test(test_multiprocess SOURCES ${CMAKE_CURRENT_LIST_DIR}/../reliability/test_multiprocess.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../import/sheetfixtures.h)
target_include_directories(test_multiprocess PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../import)
add_dependencies(test_multiprocess breakeven)
# Its bounds (every command on the largest scenario within 5 s) are for a command given the
# machine: the report's risk analysis runs on two threads, and beside another suite on two cores
# it takes half as long again. Run alone, it measures the command, not the neighbour.
set_tests_properties(test_multiprocess PROPERTIES RUN_SERIAL TRUE)
