breakeven_add_test(test_scenariojson SOURCES ${CMAKE_CURRENT_LIST_DIR}/../scenario/test_scenariojson.cpp)
