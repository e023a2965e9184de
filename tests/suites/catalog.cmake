breakeven_add_test(test_bundledcatalog SOURCES ${CMAKE_CURRENT_LIST_DIR}/../catalog/test_bundledcatalog.cpp)
breakeven_add_test(test_pricetrend SOURCES ${CMAKE_CURRENT_LIST_DIR}/../catalog/test_pricetrend.cpp)
breakeven_add_test(test_gpuspelling SOURCES ${CMAKE_CURRENT_LIST_DIR}/../catalog/test_gpuspelling.cpp)
breakeven_add_test(test_skypilotgpus SOURCES ${CMAKE_CURRENT_LIST_DIR}/../catalog/test_skypilotgpus.cpp)
