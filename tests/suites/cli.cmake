breakeven_add_test(test_compare SOURCES ${CMAKE_CURRENT_LIST_DIR}/../cli/test_compare.cpp)
add_dependencies(test_compare breakeven)
breakeven_add_test(test_hybridcli SOURCES ${CMAKE_CURRENT_LIST_DIR}/../cli/test_hybridcli.cpp)
add_dependencies(test_hybridcli breakeven)
