# The catalog dock's API offers tab: listing, text filter, sorting by price, price history, Add as API Option,
# and a LiteLLM refresh through Refresh Prices… against a local HTTP server.
breakeven_add_test(test_apicatalogview GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../catalogview/test_apicatalogview.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../refresh/refreshserver.h)
