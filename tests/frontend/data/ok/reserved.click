// expected output: recorded from Click's click-flatten by tests/frontend/data/record.sh
// reserved words cannot be element names; they can appear inside config strings
elementclass X { input -> output }
a :: Print(elementclass require define provide);
b :: Print(require);
elementclassy :: Idle;
defined/x :: Idle;
