# The catalog dock's API offers tab: listing, text filter, sorting by price, price history, Add as API Option.
breakeven_add_test(test_apicatalogview GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../catalogview/test_apicatalogview.cpp)
