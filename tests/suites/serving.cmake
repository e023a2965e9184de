breakeven_add_test(test_servingthroughput SOURCES ${CMAKE_CURRENT_LIST_DIR}/../engine/test_servingthroughput.cpp)
breakeven_add_test(test_throughputcli SOURCES ${CMAKE_CURRENT_LIST_DIR}/../cli/test_throughputcli.cpp)
add_dependencies(test_throughputcli breakeven)
breakeven_add_test(test_serving SOURCES ${CMAKE_CURRENT_LIST_DIR}/../engine/test_serving.cpp)
