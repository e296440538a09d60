// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/reserved.click (record.sh)
// reserved words cannot be element names; they can appear inside config strings
elementclass X { input -> output }
a :: Print(elementclass require define provide);
b :: Print(require);
elementclassy :: Idle;
defined/x :: Idle;
