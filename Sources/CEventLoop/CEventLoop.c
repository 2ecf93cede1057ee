#include "CEventLoop.h"
