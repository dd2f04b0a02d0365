const int kOnlyInDir = 1;
