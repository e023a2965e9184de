# Catalog › Refresh Prices… against a local HTTP server, and the catalog's price history.
breakeven_add_test(test_refreshdialog GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../refreshdialog/test_refreshdialog.cpp
                   ${CMAKE_CURRENT_LIST_DIR}/../refresh/refreshserver.h)
