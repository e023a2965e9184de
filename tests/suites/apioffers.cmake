# The document's API offers (schema 17): bundled in new and upgraded documents, imported from a
# sheet of API prices with their earlier prices kept, and ranked by recommend.
breakeven_add_test(test_apiofferstore SOURCES ${CMAKE_CURRENT_LIST_DIR}/../store/test_apiofferstore.cpp)
# Add API Option… lists the document's API offers, one of the document's own among them; the import
# wizard takes a sheet of API prices, and one undo step takes it back.
breakeven_add_test(test_apiofferdialog GUI SOURCES ${CMAKE_CURRENT_LIST_DIR}/../mainwindow/test_apiofferdialog.cpp)
