# Cost per million tokens against traffic: the engine's curve and break-evens, the chart that draws
# them and the report's serving section.
breakeven_add_test(test_servingcurve SOURCES ${CMAKE_CURRENT_LIST_DIR}/../engine/test_servingcurve.cpp)
breakeven_add_test(test_servingchart GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../servingchart/test_servingchart.cpp)
breakeven_add_test(test_servingreport GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../servingchart/test_servingreport.cpp)
