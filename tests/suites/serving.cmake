breakeven_add_test(test_servingthroughput SOURCES ${CMAKE_CURRENT_LIST_DIR}/../engine/test_servingthroughput.cpp)
