breakeven_add_test(test_csvreader SOURCES ${CMAKE_CURRENT_LIST_DIR}/../csvreader/test_csvreader.cpp)
