# The catalog dock: lazy offer table, filters, SQL sorting, price age, add-to-scenario requests.
breakeven_add_test(test_catalogview GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../catalogview/test_catalogview.cpp)
