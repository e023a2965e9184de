breakeven_add_test(test_scenariojson SOURCES ${CMAKE_CURRENT_LIST_DIR}/../exchange/test_scenariojson.cpp)
breakeven_add_test(test_hybridjson SOURCES ${CMAKE_CURRENT_LIST_DIR}/../exchange/test_hybridjson.cpp)
