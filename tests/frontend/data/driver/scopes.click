// an undeclared element inside a compound makes a class only there
A :: Idle;
elementclass X { A -> B }
// A is still the element declared above
A :: Idle;
Idle -> Discard;
